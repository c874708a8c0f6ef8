// Promise: running out of host memory inside any C entry point is a status,
// never a crash, a leak, a stuck pin or a half-made object; and phase 2 (the
// compute) allocates nothing at all. This program replaces the global
// operator new (for itself and the statically linked library) with one that
// counts every allocation and can fail the k-th one on the calling thread.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <initializer_list>
#include <new>
#include <string>
#include <vector>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "resample/resample_plan.h"
#include "resample/thread_pool.h"
#include "test_support.h"

namespace {

std::atomic<int64_t> g_allocations{0};  // on every thread
// Allocations on this thread still to succeed before one fails; -1: none fails.
thread_local int64_t t_fail_after = -1;
thread_local bool t_failed = false;  // an injected failure happened

void* Allocate(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (t_fail_after >= 0 && t_fail_after-- == 0) {
    t_failed = true;
    throw std::bad_alloc();
  }
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(std::size_t n, std::align_val_t a) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (t_fail_after >= 0 && t_fail_after-- == 0) {
    t_failed = true;
    throw std::bad_alloc();
  }
  const std::size_t align = static_cast<std::size_t>(a);
  void* p = std::aligned_alloc(align, (n + align - 1) / align * align);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(std::size_t n) { return Allocate(n); }
void* operator new[](std::size_t n) { return Allocate(n); }
void* operator new(std::size_t n, std::align_val_t a) { return AllocateAligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return AllocateAligned(n, a); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return Allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return Allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace aclnn_host::testing {
namespace {

// Arms the k-th allocation on this thread to fail for the lifetime of the
// object.
class FailNth {
 public:
  explicit FailNth(int64_t k) {
    t_fail_after = k;
    t_failed = false;
  }
  ~FailNth() { t_fail_after = -1; }
  FailNth(const FailNth&) = delete;
  FailNth& operator=(const FailNth&) = delete;
};

// A contiguous NCHW view of data.
template <typename View, typename Data>
View ContiguousView(Data* data, DataType dtype, std::initializer_list<int64_t> shape) {
  View v;
  v.data = data;
  v.dtype = dtype;
  int k = 0;
  for (int64_t d : shape) v.shape[k++] = d;
  ContiguousStrides(v.shape, v.strides);
  return v;
}

bool SaysOutOfMemory() {
  const char* msg = aclGetRecentErrMsg();
  return msg != nullptr && std::string(msg).find("out of host memory") != std::string::npos;
}

// The compute (ResamplePlan::Run, on the caller and the pool's workers) makes
// no allocation on any thread, for every pass order and dtype.
TEST(Allocation, PhaseTwoAllocatesNothing) {
  SetNumThreads(2);
  struct Case {
    resample::ResampleProblem p;
    DataType dtype;
  };
  const Case cases[] = {
      {{2, 3, 24, 20, 40, 33, false, 0, 0}, DataType::kFloat32},      // up: width first
      {{2, 3, 40, 33, 24, 20, false, 0, 0}, DataType::kFloat16},      // down: height first
      {{4, 8, 7, 7, 14, 14, false, 0, 0}, DataType::kBFloat16},       // small planes
      {{1, 2, 300, 256, 150, 128, false, 0, 0}, DataType::kFloat32},  // ring cache
      {{1, 2, 16, 16, 16, 16, false, 0, 0}, DataType::kFloat32},      // copy
  };
  for (const Case& c : cases) {
    const resample::ResampleProblem& p = c.p;
    const size_t es = c.dtype == DataType::kFloat32 ? 4 : 2;
    std::vector<unsigned char> go(static_cast<size_t>(p.batch * p.channels * p.out_h * p.out_w) *
                                  es);
    std::vector<unsigned char> out(static_cast<size_t>(p.batch * p.channels * p.in_h * p.in_w) *
                                   es);
    const auto g =
        ContiguousView<TensorView>(go.data(), c.dtype, {p.batch, p.channels, p.out_h, p.out_w});
    const auto o = ContiguousView<MutableTensorView>(out.data(), c.dtype,
                                                     {p.batch, p.channels, p.in_h, p.in_w});
    auto plan = resample::ResamplePlan::Create(
        p, {c.dtype, 1}, {c.dtype, 1},
        resample::ResamplePlan::DefaultPartition(p, c.dtype, c.dtype, 2), nullptr);
    ASSERT_TRUE(plan);
    std::vector<unsigned char> scratch(plan->scratch_bytes());
    plan->Run(g, o, scratch.data());  // warm: the pool's threads exist
    const int64_t before = g_allocations.load();
    plan->Run(g, o, scratch.data());
    EXPECT_EQ(g_allocations.load(), before)
        << "allocations during Run, case " << p.in_h << "x" << p.in_w;
  }
}

// Everything one CANN call sequence creates; Release destroys what exists.
struct CallState {
  aclrtStream stream = nullptr;
  aclTensor* go = nullptr;
  aclTensor* out = nullptr;
  aclIntArray* osz = nullptr;
  aclIntArray* isz = nullptr;
  aclOpExecutor* exec = nullptr;
  void* ws = nullptr;

  void Release() {
    if (exec) {
      EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
    }
    if (ws) {
      EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
    }
    if (stream) {
      EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    }
    EXPECT_EQ(aclDestroyTensor(go), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensor(out), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyIntArray(osz), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyIntArray(isz), ACLNN_SUCCESS);
    *this = CallState{};
  }
};

// One complete call on its own stream. Returns true if it ran to the end;
// false where a step reported running out of memory (checked: the status
// each entry point documents, and the message).
bool OneCall(DeviceTensor* go, DeviceTensor* out, CallState* s) {
  if (aclrtCreateStream(&s->stream) != ACL_SUCCESS) {
    EXPECT_TRUE(SaysOutOfMemory());
    s->stream = nullptr;
    return false;
  }
  s->go = aclCreateTensor(go->shape.data(), 4, ACL_FLOAT, go->strides.data(), go->offset,
                          ACL_FORMAT_NCHW, go->shape.data(), 4, go->block);
  s->out = aclCreateTensor(out->shape.data(), 4, ACL_FLOAT, out->strides.data(), out->offset,
                           ACL_FORMAT_NCHW, out->shape.data(), 4, out->block);
  const int64_t osz_v[2] = {go->shape[2], go->shape[3]};
  s->osz = aclCreateIntArray(osz_v, 2);
  s->isz = aclCreateIntArray(out->shape.data(), 4);
  if (!s->go || !s->out || !s->osz || !s->isz) {
    EXPECT_TRUE(SaysOutOfMemory());
    return false;
  }
  int64_t* dims = nullptr;
  uint64_t num = 0;
  aclnnStatus st = aclGetViewShape(s->go, &dims, &num);
  if (st != ACLNN_SUCCESS) {
    EXPECT_EQ(st, ACLNN_ERR_INNER);
    EXPECT_TRUE(SaysOutOfMemory());
    return false;
  }
  delete[] dims;
  uint64_t ws_size = 0;
  st = aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(s->go, s->osz, s->isz, false, 0, 0, s->out,
                                                    &ws_size, &s->exec);
  if (st != ACLNN_SUCCESS) {
    EXPECT_EQ(st, ACLNN_ERR_INNER);
    EXPECT_TRUE(SaysOutOfMemory());
    s->exec = nullptr;
    return false;
  }
  const aclError m = aclrtMalloc(&s->ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST);
  if (m != ACL_SUCCESS) {
    EXPECT_EQ(m, ACL_ERROR_BAD_ALLOC);
    EXPECT_TRUE(SaysOutOfMemory());
    s->ws = nullptr;
    return false;
  }
  st = aclnnUpsampleBicubic2dAAGrad(s->ws, ws_size, s->exec, s->stream);
  if (st != ACLNN_SUCCESS) {
    EXPECT_EQ(st, ACLNN_ERR_INNER);
    EXPECT_TRUE(SaysOutOfMemory());
    return false;  // the executor stays live: Release destroys it
  }
  s->exec = nullptr;  // ran: gone
  const aclError sync = aclrtSynchronizeStream(s->stream);
  if (sync != ACL_SUCCESS) {
    EXPECT_TRUE(SaysOutOfMemory());
    return false;
  }
  return true;
}

// Fails the 1st, 2nd, 3rd, ... allocation of a whole call sequence in turn:
// every failure is the documented status, releasing what was made works (no
// leak under LeakSanitizer, no pin left for aclrtFree to wait on), and a
// clean call afterwards gives the right result.
TEST(Allocation, EveryFailedAllocationInACallIsAStatus) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {1, 2, 12, 10}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {1, 2, 20, 17}, ACL_FLOAT, Layout::kPaddedOffset);
  std::vector<float> g(240);
  for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>(i % 7) - 3.0f;
  WriteValues(&go, g);
  CallState s;
  ASSERT_TRUE(OneCall(&go, &out, &s));  // also starts the pool and warms caches
  s.Release();
  const std::vector<float> expected = ReadValues(out);

  int64_t k = 0;
  for (;; ++k) {
    ASSERT_LT(k, 5000) << "the call sequence never completed without a failure";
    bool completed, injected;
    {
      FailNth fail(k);
      completed = OneCall(&go, &out, &s);
      injected = t_failed;
    }
    if (HasFailure()) {
      ADD_FAILURE() << "with allocation " << k << " failing";
      s.Release();
      return;
    }
    EXPECT_EQ(completed, !injected) << "allocation " << k;
    s.Release();
    if (!injected) break;  // k is past the sequence's last allocation
    WriteValues(&out, std::vector<float>(static_cast<size_t>(out.Count()), 123.0f));
    ASSERT_TRUE(OneCall(&go, &out, &s)) << "after allocation " << k << " failed";
    s.Release();
    ASSERT_EQ(ReadValues(out), expected) << "after allocation " << k << " failed";
  }
  std::printf("a complete call sequence makes %lld allocations on the calling thread\n",
              static_cast<long long>(k));
  EXPECT_GT(k, 10);  // the injection did reach the library
}

// The C++ API reports running out of memory as kOutOfMemory.
TEST(Allocation, NativeApiOutOfMemoryIsAStatus) {
  std::vector<float> g(2 * 3 * 8 * 8, 1.0f), o(2 * 3 * 16 * 16);
  const auto gv = ContiguousView<TensorView>(g.data(), DataType::kFloat32, {2, 3, 8, 8});
  const auto ov = ContiguousView<MutableTensorView>(o.data(), DataType::kFloat32, {2, 3, 16, 16});
  ASSERT_TRUE(UpsampleBicubic2dAABackward(gv, ov, false, 0, 0).ok());
  int failures = 0;
  for (int64_t k = 0;; ++k) {
    ASSERT_LT(k, 1000);
    Status st;
    bool injected;
    {
      FailNth fail(k);
      st = UpsampleBicubic2dAABackward(gv, ov, false, 0, 0);
      injected = t_failed;
    }
    if (!injected) {
      EXPECT_TRUE(st.ok()) << st.message;
      break;
    }
    ++failures;
    EXPECT_EQ(st.code, StatusCode::kOutOfMemory) << "allocation " << k << ": " << st.message;
  }
  EXPECT_GT(failures, 0);
}

}  // namespace
}  // namespace aclnn_host::testing
