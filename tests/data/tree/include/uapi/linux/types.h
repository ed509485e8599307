#ifndef _UAPI_LINUX_TYPES_H
#define _UAPI_LINUX_TYPES_H
#endif
