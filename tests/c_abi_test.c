/* Promise: a C program may pass any int where the API takes an enum (C allows
 * it); the library answers with a status, never undefined behaviour. Written
 * in C on purpose. Regression test for the fuzzer's first finding. */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"

static int passed = 0, failed = 0;

static void expect(int ok, const char* what) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    printf("FAILED: %s\n", what);
  }
}

static aclnnStatus phase1(aclTensor* g, aclTensor* o) {
  const int64_t osz_v[2] = {2, 2}, isz_v[4] = {1, 1, 4, 4};
  aclIntArray *osz = aclCreateIntArray(osz_v, 2), *isz = aclCreateIntArray(isz_v, 4);
  uint64_t ws = 0;
  aclOpExecutor* exec = NULL;
  aclnnStatus s =
      aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(g, osz, isz, false, 0.0, 0.0, o, &ws, &exec);
  if (s == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
  return s;
}

int main(void) {
  void* block = NULL;
  const int64_t go[4] = {1, 1, 2, 2}, out[4] = {1, 1, 4, 4};
  aclDataType dt;
  aclFormat fmt;
  const char* msg;
  if (aclrtMalloc(&block, 1024, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 1;

  aclTensor* g = aclCreateTensor(go, 4, (aclDataType)999, NULL, 0, ACL_FORMAT_NCHW, go, 4, block);
  aclTensor* o = aclCreateTensor(out, 4, (aclDataType)999, NULL, 0, ACL_FORMAT_NCHW, out, 4,
                                 (char*)block + 64);
  expect(g != NULL && o != NULL, "tensors with dtype 999 are created");
  expect(aclGetDataType(g, &dt) == ACLNN_SUCCESS && (int)dt == 999, "dtype 999 reads back");
  expect(phase1(g, o) == ACLNN_ERR_PARAM_INVALID, "dtype 999 is refused with 161002");
  msg = aclGetRecentErrMsg();
  expect(msg != NULL && strstr(msg, "999") != NULL, "the message names dtype 999");
  aclDestroyTensor(g);
  aclDestroyTensor(o);

  g = aclCreateTensor(go, 4, ACL_FLOAT, NULL, 0, (aclFormat)12345, go, 4, block);
  o = aclCreateTensor(out, 4, ACL_FLOAT, NULL, 0, (aclFormat)12345, out, 4, (char*)block + 64);
  expect(aclGetFormat(g, &fmt) == ACLNN_SUCCESS && (int)fmt == 12345, "format 12345 reads back");
  expect(phase1(g, o) == ACLNN_ERR_PARAM_INVALID, "format 12345 is refused with 161002");
  msg = aclGetRecentErrMsg();
  expect(msg != NULL && strstr(msg, "12345") != NULL, "the message names format 12345");
  aclDestroyTensor(g);
  aclDestroyTensor(o);

  expect(aclrtMemcpy(block, 16, block, 16, (aclrtMemcpyKind)77) == ACL_ERROR_INVALID_PARAM,
         "memcpy kind 77 is refused");
  expect(aclrtCtxSetSysParamOpt((aclSysParamOpt)42, 1) == ACL_ERROR_INVALID_PARAM,
         "sys param 42 is refused");
  expect(aclDataTypeSize((aclDataType)-5) == 0, "size of dtype -5 is 0");
  expect(aclrtFree(block) == ACL_SUCCESS, "block freed");
  printf("c_abi_test: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
