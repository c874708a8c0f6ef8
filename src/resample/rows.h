// Rows of any engine dtype and W stride to and from fp32: the conversions
// every pass that reads a source row or writes a destination row shares.
#ifndef ACLNN_HOST_RESAMPLE_ROWS_H_
#define ACLNN_HOST_RESAMPLE_ROWS_H_

#include <cstdint>

#include "aclnn_host/tensor_view.h"
#include "resample/kernels.h"

namespace aclnn_host::resample {

// dst[x] = element x of the row at src (stride in elements), as fp32, for
// FLOAT, FLOAT16 and BFLOAT16 (the fp32 engine's dtypes).
void LoadRow(const kernels::KernelTable& k, DataType dtype, const char* src, int64_t stride,
             int64_t n, float* dst);

// Element x of the row at dst = src[x], rounded once to nearest even for the
// 16-bit dtypes.
void StoreRow(const kernels::KernelTable& k, const float* src, int64_t n, DataType dtype, char* dst,
              int64_t stride);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_ROWS_H_
