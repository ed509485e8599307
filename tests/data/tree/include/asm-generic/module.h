#ifndef __ASM_GENERIC_MODULE_H
#define __ASM_GENERIC_MODULE_H
#endif
