// Promise: long runs keep memory flat, sizes at the documented limits work in
// every dtype, and every lifetime misuse has a defined outcome.
#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "test_support.h"

namespace aclnn_host::testing {
namespace {

int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ACLNN_HOST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define ACLNN_HOST_SANITIZED 1
#endif
#endif

#ifdef ACLNN_HOST_SANITIZED
// From the sanitizer runtime (sanitizer/allocator_interface.h, which GCC
// does not ship).
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#endif

// Heap bytes allocated and not yet freed, exactly, whatever the allocator
// keeps cached: the sanitizer allocator's count, or glibc's.
int64_t LiveHeapBytes() {
#ifdef ACLNN_HOST_SANITIZED
  return static_cast<int64_t>(__sanitizer_get_current_allocated_bytes());
#else
  const struct mallinfo2 m = mallinfo2();
  return static_cast<int64_t>(m.uordblks + m.hblkhd);
#endif
}

// One complete CANN-style call: tensors, arrays, workspace, both phases, sync,
// everything released again.
void OneCall(DeviceTensor* go, DeviceTensor* out, aclDataType dtype, int i) {
  aclTensor* g = aclCreateTensor(go->shape.data(), 4, dtype, go->strides.data(), go->offset,
                                 ACL_FORMAT_NCHW, go->shape.data(), 4, go->block);
  aclTensor* o = aclCreateTensor(out->shape.data(), 4, dtype, out->strides.data(), out->offset,
                                 ACL_FORMAT_NCHW, out->shape.data(), 4, out->block);
  const int64_t osz_v[2] = {go->shape[2], go->shape[3]};
  aclIntArray* osz = aclCreateIntArray(osz_v, 2);
  aclIntArray* isz = aclCreateIntArray(out->shape.data(), 4);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(g, osz, isz, i % 2 == 0, 0, 0, o, &ws_size,
                                                         &exec),
            ACLNN_SUCCESS);
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(ws), ACL_SUCCESS);
  aclDestroyTensor(g);
  aclDestroyTensor(o);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

// 4,000 calls warm the allocators up. Over the next 10,000, the heap bytes in
// use may grow by less than 64 KiB: one allocation (16 bytes at least) left
// behind per call would add 160 KiB, while caches filled once (glibc's
// per-thread bins count as in use; TSan's allocator steps once by 16 KiB)
// stay below. Without a sanitizer, resident memory may grow by no more than
// 2 MiB. A sanitizer's allocator grows its own bookkeeping for tens of
// thousands of calls (measured under ASan with the quarantine off: +1.4 MiB
// over 30,000 calls, flat afterwards), so there resident memory says nothing
// about ours; its exact live-byte count does.
TEST(Soak, TenThousandCallsKeepMemoryFlat) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {1, 3, 24, 20}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {1, 3, 40, 33}, ACL_FLOAT, Layout::kPaddedOffset);
  WriteValues(&go, std::vector<float>(1440, 0.5f));
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  constexpr int kWarmup = 4000, kMeasured = 10000;
  int64_t rss_after_warmup = 0, live_after_warmup = 0;
  for (int i = 0; i < kWarmup + kMeasured; ++i) {
    OneCall(&go, &out, dtypes[i % 3], i);
    if (HasFatalFailure()) return;
    if (i == kWarmup - 1) {
      rss_after_warmup = ResidentBytes();
      live_after_warmup = LiveHeapBytes();
    }
  }
  const int64_t rss_at_end = ResidentBytes(), live_at_end = LiveHeapBytes();
  std::printf(
      "after %d calls and after %d more: resident %.2f / %.2f MiB, heap in use %lld / %lld bytes\n",
      kWarmup, kMeasured, rss_after_warmup / 1048576.0, rss_at_end / 1048576.0,
      static_cast<long long>(live_after_warmup), static_cast<long long>(live_at_end));
  RecordProperty("rss_after_warmup_bytes", std::to_string(rss_after_warmup));
  RecordProperty("rss_at_end_bytes", std::to_string(rss_at_end));
  EXPECT_LT(live_at_end - live_after_warmup, int64_t{64} << 10);
#ifndef ACLNN_HOST_SANITIZED
  EXPECT_LE(rss_at_end - rss_after_warmup, int64_t{2} << 20);
#endif
}

std::string ShapeString(const std::vector<int64_t>& s) {
  std::string r;
  for (int64_t v : s) r += std::to_string(v) + " ";
  return r;
}

struct LimitCase {
  std::vector<int64_t> go, out;
  aclDataType dtype;
};

TEST(Stress, DocumentedSizeLimitsInEveryDtype) {
  const int64_t max_dim = int64_t{1} << 20;
  const LimitCase cases[] = {
      {{1, 1, 1, max_dim / 50 + 1}, {1, 1, 1, max_dim}, ACL_FLOAT},  // widest W, 50x
      {{1, 1, max_dim, 1}, {1, 1, max_dim / 50 + 1, 1}, ACL_BF16},   // tallest gradOutput
      {{max_dim, 1, 1, 1}, {max_dim, 1, 2, 2}, ACL_FLOAT16},         // N at the limit
      {{1, 2, 50, 100}, {1, 2, 1, 2}, ACL_BF16},                     // exactly 50x upscale
      {{2, 2, 300, 7}, {2, 2, 7, 300}, ACL_FLOAT16},                 // mixed
  };
  std::mt19937 rng(5);
  for (const LimitCase& c : cases) {
    SCOPED_TRACE(ShapeString(c.go) + " <- " + ShapeString(c.out));
    DeviceTensor go, out;
    MakeDeviceTensor(&go, c.go, c.dtype, Layout::kContiguous);
    MakeDeviceTensor(&out, c.out, c.dtype, Layout::kContiguous);
    ASSERT_NE(go.tensor, nullptr);
    ASSERT_NE(out.tensor, nullptr);
    std::uniform_real_distribution<float> d(-1, 1);
    std::vector<float> g(static_cast<size_t>(go.Count()));
    for (float& v : g) v = Quantize(d(rng), c.dtype);
    WriteValues(&go, g);
    const OpCall call = RunBackward(&go, &out, {c.go[2], c.go[3]}, c.out, false, 0, 0);
    ASSERT_EQ(call.phase1, ACLNN_SUCCESS) << call.message;
    ASSERT_EQ(call.phase2, ACLNN_SUCCESS) << call.message;
    const std::vector<double> ref =
        ReferenceBackward(std::vector<double>(g.begin(), g.end()), c.out[0], c.out[1], c.go[2],
                          c.go[3], c.out[2], c.out[3], false, 0, 0);
    const std::vector<float> got = ReadValues(out);
    double max_ref = 0;
    for (double v : ref) max_ref = std::max(max_ref, std::fabs(v));
    for (size_t i = 0; i < ref.size(); ++i) {
      ASSERT_LE(std::fabs(got[i] - ref[i]), AllowedError(ref[i], max_ref, c.dtype)) << i;
    }
  }
}

TEST(Lifetimes, FinalizeWaitsForQueuedWorkAndLeavesObjectsUsable) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {1, 1, 30, 30}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {1, 1, 90, 90}, ACL_FLOAT, Layout::kContiguous);
  WriteValues(&go, std::vector<float>(900, 1.0f));
  const int64_t osz_v[2] = {30, 30};
  aclIntArray* osz = aclCreateIntArray(osz_v, 2);
  aclIntArray* isz = aclCreateIntArray(out.shape.data(), 4);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  void* ws = nullptr;
  ASSERT_NO_FATAL_FAILURE(PlanBackward(go, osz, isz, out, &exec, &ws_size, &ws));
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, s), ACLNN_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);  // waits for the queued work
  double sum = 0;
  for (float v : ReadValues(out)) sum += v;
  EXPECT_NEAR(sum, 900.0, 1e-2);
  // Streams, memory and handles stay valid until released.
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(osz), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(isz), ACLNN_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_NE(aclGetRecentErrMsg(), nullptr);
}

TEST(Lifetimes, FreeWaitsForQueuedWorkThatUsesTheBlock) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {4, 3, 64, 64}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {4, 3, 200, 200}, ACL_FLOAT, Layout::kContiguous);
  WriteValues(&go, std::vector<float>(size_t(4 * 3 * 64 * 64), 1.0f));
  const int64_t osz_v[2] = {64, 64};
  aclIntArray* osz = aclCreateIntArray(osz_v, 2);
  aclIntArray* isz = aclCreateIntArray(out.shape.data(), 4);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  void* ws = nullptr;
  ASSERT_NO_FATAL_FAILURE(PlanBackward(go, osz, isz, out, &exec, &ws_size, &ws));
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_SUCCESS);
  // Free the gradient's memory at once: the free waits for the work, so the
  // work never reads freed memory (ASan would say so) and completes.
  ASSERT_EQ(aclrtFree(go.block), ACL_SUCCESS);
  go.block = nullptr;
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  double sum = 0;
  for (float v : ReadValues(out)) sum += v;
  EXPECT_NEAR(sum, 4.0 * 3 * 64 * 64, 1.0);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

}  // namespace
}  // namespace aclnn_host::testing
