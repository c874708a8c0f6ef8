// Raw aclTensor descriptions for the family's contract tests (2-D, 1-D and
// 3-D): a TD says what aclCreateTensor receives (raw dtype and format values,
// optional strides, offset and storage), and a RawTensor is that tensor over a
// block of sentinel bytes, so a test can see that a refused or empty call
// wrote nothing.
#ifndef ACLNN_HOST_TESTS_RAW_TENSOR_H_
#define ACLNN_HOST_TESTS_RAW_TENSOR_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "family_support.h"

namespace aclnn_host::testing {

// A tensor description: the view as the aclTensor holds it (channels-last
// formats: N, [D,] H, W, C), raw dtype and format enum values, optional
// strides, offset and storage.
struct TD {
  bool present = true;
  std::vector<int64_t> shape;
  int32_t dtype = ACL_FLOAT;
  int32_t format = ACL_FORMAT_NCHW;
  std::vector<int64_t> strides;  // empty: contiguous
  int64_t offset = 0;
  std::vector<int64_t> storage;  // empty: one dim covering the view
};

inline TD T(std::vector<int64_t> shape, int32_t dtype, int32_t format) {
  TD t;
  t.shape = std::move(shape);
  t.dtype = dtype;
  t.format = format;
  return t;
}
inline TD T(std::vector<int64_t> shape, int32_t dtype, int32_t format, std::vector<int64_t> strides,
            int64_t offset, std::vector<int64_t> storage) {
  TD t = T(std::move(shape), dtype, format);
  t.strides = std::move(strides);
  t.offset = offset;
  t.storage = std::move(storage);
  return t;
}
inline const TD kNoTensor = [] {
  TD t;
  t.present = false;
  return t;
}();

inline size_t RawElementBytes(int32_t dtype) {
  const size_t s = aclDataTypeSize(static_cast<aclDataType>(dtype));
  return s ? s : 16;  // STRING and other sizeless types: room enough
}

// A device tensor per TD: an aclrtMalloc block large enough for the view (a
// view beyond 2^26 elements gets a small block: only limit checks see it),
// filled with sentinel bytes.
class RawTensor {
 public:
  explicit RawTensor(const TD& d) {
    double extent = 1;
    bool empty = false;
    if (d.strides.empty()) {
      for (int64_t v : d.shape) {
        if (v <= 0) empty = true;
        extent *= static_cast<double>(v);
      }
    } else {
      extent = static_cast<double>(d.offset) + 1;
      for (size_t k = 0; k < d.shape.size(); ++k) {
        if (d.shape[k] <= 0) empty = true;
        extent += static_cast<double>(d.shape[k] - 1) * static_cast<double>(d.strides[k]);
      }
    }
    double stored = 1;
    for (int64_t v : d.storage) stored *= static_cast<double>(v > 0 ? v : 1);
    if (empty) extent = 1;
    double elements = std::max(std::max(extent, stored), 1.0);
    if (elements > double(int64_t{1} << 26)) elements = 16;
    bytes_ = static_cast<size_t>(elements) * RawElementBytes(d.dtype);
    if (aclrtMalloc(&block_, bytes_, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      ADD_FAILURE() << "aclrtMalloc(" << bytes_ << ") failed";
      block_ = nullptr;
      return;
    }
    std::memset(block_, kFamilySentinel, bytes_);
    std::vector<int64_t> storage = d.storage;
    if (storage.empty()) storage = {static_cast<int64_t>(elements)};
    tensor =
        aclCreateTensor(d.shape.data(), d.shape.size(), static_cast<aclDataType>(d.dtype),
                        d.strides.empty() ? nullptr : d.strides.data(), d.offset,
                        static_cast<aclFormat>(d.format), storage.data(), storage.size(), block_);
    if (tensor == nullptr) ADD_FAILURE() << "aclCreateTensor failed";
  }
  RawTensor(const RawTensor&) = delete;
  RawTensor& operator=(const RawTensor&) = delete;
  ~RawTensor() {
    if (tensor) aclDestroyTensor(tensor);
    if (block_) aclrtFree(block_);
  }
  // Every byte of the block still holds the sentinel.
  bool Untouched() const {
    const auto* b = static_cast<const unsigned char*>(block_);
    for (size_t i = 0; i < bytes_; ++i) {
      if (b[i] != kFamilySentinel) return false;
    }
    return true;
  }

  aclTensor* tensor = nullptr;

 private:
  void* block_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace aclnn_host::testing

#endif  // ACLNN_HOST_TESTS_RAW_TENSOR_H_
