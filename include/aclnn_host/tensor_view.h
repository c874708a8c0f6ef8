// The vocabulary shared by the resample engine and every API above it: element
// types and strided 4-D and 5-D views over host memory. Plain C++, no behaviour.
#ifndef ACLNN_HOST_TENSOR_VIEW_H_
#define ACLNN_HOST_TENSOR_VIEW_H_

#include <cstddef>
#include <cstdint>

namespace aclnn_host {

enum class DataType : int {
  kFloat32 = 0,
  kFloat16 = 1,
  kBFloat16 = 2,
  kFloat64 = 3,  // computed in double
  kUInt8 = 4,    // nearest forwards only (exact copies)
};

inline size_t DataTypeSize(DataType t) {
  switch (t) {
    case DataType::kFloat64:
      return 8;
    case DataType::kFloat32:
      return 4;
    case DataType::kUInt8:
      return 1;
    case DataType::kFloat16:
    case DataType::kBFloat16:
      break;
  }
  return 2;
}

// A 4-D NCHW view: element (n, c, h, w) lives at
// data + (n*strides[0] + c*strides[1] + h*strides[2] + w*strides[3]) elements.
// Strides may be any values (channels-last, padded rows, negative) as long as
// the view of a result does not overlap itself or its source.
struct TensorView {
  const void* data = nullptr;
  DataType dtype = DataType::kFloat32;
  int64_t shape[4] = {0, 0, 0, 0};
  int64_t strides[4] = {0, 0, 0, 0};
};

struct MutableTensorView {
  void* data = nullptr;
  DataType dtype = DataType::kFloat32;
  int64_t shape[4] = {0, 0, 0, 0};
  int64_t strides[4] = {0, 0, 0, 0};
};

// A 5-D (N, C, D, H, W) view, likewise.
struct VolumeView {
  const void* data = nullptr;
  DataType dtype = DataType::kFloat32;
  int64_t shape[5] = {0, 0, 0, 0, 0};
  int64_t strides[5] = {0, 0, 0, 0, 0};
};

struct MutableVolumeView {
  void* data = nullptr;
  DataType dtype = DataType::kFloat32;
  int64_t shape[5] = {0, 0, 0, 0, 0};
  int64_t strides[5] = {0, 0, 0, 0, 0};
};

}  // namespace aclnn_host

#endif  // ACLNN_HOST_TENSOR_VIEW_H_
