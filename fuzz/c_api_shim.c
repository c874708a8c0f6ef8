/* C, where an enum parameter may carry any int: lets the fuzzer pass invalid
 * aclDataType / aclFormat values exactly as a C program can. */
#include "aclnn/acl_meta.h"

aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                            const int64_t* stride, int64_t offset, int format,
                            const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData);

aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                            const int64_t* stride, int64_t offset, int format,
                            const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  return aclCreateTensor(viewDims, viewDimsNum, (aclDataType)dataType, stride, offset,
                         (aclFormat)format, storageDims, storageDimsNum, tensorData);
}
