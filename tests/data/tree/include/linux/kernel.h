#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H
int _printk(const char *fmt, ...);
#endif
