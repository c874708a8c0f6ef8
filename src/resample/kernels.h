// SIMD kernels of the engine: small functions with no policy, compiled for
// several targets from one source (Google Highway) and dispatched at run time.
#ifndef ACLNN_HOST_RESAMPLE_KERNELS_H_
#define ACLNN_HOST_RESAMPLE_KERNELS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "resample/axis_weights.h"

namespace aclnn_host::resample::kernels {

// acc[x] = (accumulate ? acc[x] : +0) + sum_k weights[k] * rows[k][x], the
// terms added in order k = 0, 1, ... as one FMA chain per element.
void HeightCombine(const float* const* rows, const float* weights, int64_t count, int64_t n,
                   float* acc, bool accumulate);

// dst[r][i] = sum over the block's sources j (ascending) of
// weight(j, i) * src[r][j], for 1 <= num_rows <= kMaxWidthRows rows at once.
// Writes exactly table.size floats per destination row.
constexpr int64_t kMaxWidthRows = 4;
void WidthPass(const BlockedTable& table, const float* const* src, float* const* dst,
               int64_t num_rows);

bool RowIsFinite(const float* row, int64_t n);

void LoadHalfRow(const uint16_t* src, float* dst, int64_t n);
void LoadBFloat16Row(const uint16_t* src, float* dst, int64_t n);
void StoreHalfRow(const float* src, uint16_t* dst, int64_t n);
void StoreBFloat16Row(const float* src, uint16_t* dst, int64_t n);

// Name of the target the next call dispatches to.
const char* ActiveTarget();

// Test hooks: the targets compiled into this build that the CPU supports,
// and forcing one of them (0 restores the normal choice). Not thread-safe
// against concurrent kernel calls.
std::vector<int64_t> AvailableTargets();
std::string TargetNameOf(int64_t target);
void ForceTarget(int64_t target);

}  // namespace aclnn_host::resample::kernels

#endif  // ACLNN_HOST_RESAMPLE_KERNELS_H_
