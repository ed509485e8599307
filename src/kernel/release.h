/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The release a kernel reports: what `uname -r` prints, what vermagic
 * carries and what /lib/modules/<release> is named after. */
#pragma once

/* UTS_RELEASE of DIR/include/generated/utsrelease.h, which kbuild writes
 * from the KERNELRELEASE its Makefiles ended with. It is not always
 * include/config/kernel.release, which holds what setlocalversion said
 * before any override: Debian's top Makefile reads .kernelvariables
 * ("override KERNELRELEASE = 6.1.0-57-amd64") while kernel.release says
 * 6.1.192. The release is a name of shared/name.h's grammar, refused
 * otherwise.
 * On failure *errmsg is "PATH: reason" (the caller frees it). */
int krelease_read(const char *dir, char **release, char **errmsg);

/* The first line of DIR/include/config/kernel.release, or NULL when it
 * cannot be read. */
char *krelease_config(const char *dir);
