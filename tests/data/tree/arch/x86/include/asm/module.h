#ifndef _ASM_X86_MODULE_H
#define _ASM_X86_MODULE_H
#include <asm-generic/module.h>
#endif
