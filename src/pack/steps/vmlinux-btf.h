/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The vmlinux that module BTF needs (CONFIG_DEBUG_INFO_BTF_MODULES):
 * kbuild's Makefile.modfinal runs `pahole --btf_base vmlinux` and
 * `resolve_btfids -b vmlinux` on every module it links, and both read
 * only vmlinux's .BTF section.  See doc/vmlinux-btf.md. */
#pragma once

#include "pack/ctx.h" /* enum vmlinux_mode, struct pack_ctx */

/* "btf"|"full"|"none" -> enum vmlinux_mode; -EINVAL for anything else. */
int vmlinux_mode_parse(const char *s);

/* Writes to out an ELF file of in's class, byte order and machine whose
 * only sections are in's .BTF and a .shstrtab.  -ENOENT (after a message)
 * when in has no .BTF. */
int vmlinux_write_btf_only(const char *in, const char *out);

/* Writes to out a copy of in without its debug sections (.debug_*,
 * .zdebug_*, .gnu.debuglto_*, .line, .stab*) and their relocations;
 * segments, the other sections and the symbol table are kept. */
int vmlinux_write_stripped(const char *in, const char *out);

/* Post-selection step: with CONFIG_DEBUG_INFO_BTF_MODULES, puts the
 * --vmlinux choice at `vmlinux` in the packed tree. */
int vmlinux_step(struct pack_ctx *ctx);
