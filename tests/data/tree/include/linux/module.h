#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H
#include <linux/kernel.h>
#include <asm/module.h>
#endif
