/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A process group killed to the last member: make's and strace's children
 * do not die with their parent. */
#pragma once

#include <sys/types.h>

/* SIGKILLs the group until it is empty, for five seconds at most, reaping
 * the members that are our children (or come to us, a subreaper), so that
 * none is left as a zombie that keeps the group alive. */
void procgroup_kill(pid_t pgid);
