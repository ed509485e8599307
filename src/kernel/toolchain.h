/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The target compiler, as the kernel's own builds name what it builds for. */
#pragma once

/* The HOSTARCH of the machine the C compiler cc builds for, from its own
 * answer to -dumpmachine (run with spawn_run, its output in the file log),
 * never from the spelling of its name or prefix. That is gcc's answer; a
 * clang answers for its default target (kbuild-pack passes it no --target).
 * Stores the name (static) in *arch; prints why and returns a negative
 * errno when cc cannot be run, fails, or names an unknown machine; -EINTR,
 * silently, on a signal. */
int toolchain_tools_arch(const char *cc, const char *log, const char **arch);
