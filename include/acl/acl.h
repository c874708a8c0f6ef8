/* CANN-compatible top-level header (acl/acl.h). */
#ifndef ACL_ACL_H_
#define ACL_ACL_H_

#include "acl_base.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
ACL_FUNC_VISIBILITY aclError aclFinalize(void);
/* The most recent error message of the calling thread, or NULL if none. The
 * pointer stays valid until the next failing call on this thread. */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_H_ */
