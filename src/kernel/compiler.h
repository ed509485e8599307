/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The C compiler a configured tree was built with (CONFIG_CC_VERSION_TEXT),
 * and how a module build here reaches it: kbuild compiles a module with the
 * kernel's own flags, and a clang kernel's (kCFI, ThinLTO) fail any other
 * compiler. */
#pragma once

#include "kernel/kconfig.h"

/* The gcc that CONFIG_CC_VERSION_TEXT names by its first word, the name
 * it was run by ("x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0"): *cc
 * that word, *prefix what comes before its last "gcc" (kbuild's
 * CROSS_COMPILE: "x86_64-linux-gnu-", "" for a native gcc). The one parser of
 * that text. -ENOENT (nothing set) when it names no gcc (clang, no text). */
int compiler_gcc_of(const char *cc_text, char **cc, char **prefix);

/* The compiler command the tree was built by, for a package's dependency:
 * a gcc's first word of CONFIG_CC_VERSION_TEXT ("gcc-12",
 * "x86_64-linux-gnu-gcc-16"), a clang's "clang-MAJOR" from
 * CONFIG_CLANG_VERSION. NULL when the config names neither, or names it
 * with characters no command name has (the text is the tree's data). */
char *compiler_command_of(const struct kconfig *kc);

/* The first line of `prog --version` in *text (its output goes to the file
 * log). 0; -ENOENT when there is no such program; a positive exit status or
 * another negative errno when it does not answer (*text NULL then). */
int compiler_version_text(const char *prog, const char *log, char **text);

/* How make reaches the tree's compiler on this machine (CONFIG_CC_IS_CLANG:
 * LLVM from the environment, LLVM=1 or LLVM=-MAJOR, whichever calls a clang
 * whose --version is CONFIG_CC_VERSION_TEXT; gcc: $CROSS_COMPILE gcc, as
 * kbuild calls it, when it runs at all). dir holds the probes' logs.
 * 0: found; *make_var is the make argument that calls it ("LLVM=-16"), or
 * NULL when make needs none. 1: not here; *why (one line) names the compiler
 * the tree was built with, what is here instead and how to build modules
 * against the tree once it is installed (srcarch names ARCH= for a
 * cross-built gcc tree). Negative errno: -EINTR, silently. */
int compiler_find(const struct kconfig *kc, const char *srcarch, const char *dir, char **make_var, char **why);
