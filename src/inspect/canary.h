/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify --canary: build a tiny bundled module (and with CONFIG_RUST a Rust
 * one, when the rustc in PATH is the kernel's) against a build directory
 * and hold its __versions CRCs against the directory's Module.symvers. */
#pragma once

#include <stdio.h>

/* Writes problems as "canary: ..." lines; returns their number or -errno. */
int canary_check(const char *build, FILE *out);
