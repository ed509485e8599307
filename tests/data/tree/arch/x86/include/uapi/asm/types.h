#ifndef _UAPI_ASM_X86_TYPES_H
#define _UAPI_ASM_X86_TYPES_H
#include <asm-generic/types.h>
#endif
