/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by kbuild-pack and kbuild-modpost. */
#pragma once

#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* nonnull: a recoverable UBSan build otherwise sees a NULL format path (-Wformat-truncation). */
#define _printf_(a, b) __attribute__((format(printf, a, b), nonnull(a)))
#define _noreturn_ __attribute__((noreturn))
#define _unused_ __attribute__((unused))

static inline void freep(void *p) { free(*(void **)p); }
static inline void closep(int *fd) { if (*fd >= 0) close(*fd); }
static inline void fclosep(FILE **f) { if (*f) fclose(*f); }
#define _cleanup_(f) __attribute__((cleanup(f)))
#define _cleanup_free_ _cleanup_(freep)
#define _cleanup_close_ _cleanup_(closep)
#define _cleanup_fclose_ _cleanup_(fclosep)

/* Allocation failure is not recoverable for a command-line tool. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) _printf_(1, 2);

/* Growable array of pointers. */
struct ptrarray {
	void **v;
	size_t n, cap;
};
void ptrarray_push(struct ptrarray *a, void *p);
void ptrarray_free(struct ptrarray *a, void (*fn)(void *));
/* Sorts an array of C strings bytewise (an empty array is fine). */
void ptrarray_sort_strings(struct ptrarray *a);
/* The names in an open directory stream but . and .., sorted bytewise, so
 * that what walks a tree does not depend on the filesystem's order. */
void dir_sorted_names(DIR *d, struct ptrarray *names);

/* Growable string. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void strbuf_addn(struct strbuf *b, const char *s, size_t n);
void strbuf_adds(struct strbuf *b, const char *s);
void strbuf_addf(struct strbuf *b, const char *fmt, ...) _printf_(2, 3);
void strbuf_addc(struct strbuf *b, char c);
const char *strbuf_str(struct strbuf *b); /* never NULL */
char *strbuf_steal(struct strbuf *b);
void strbuf_release(struct strbuf *b);

/* Paths. */
char *path_join(const char *a, const char *b);
bool path_exists(const char *p);
bool path_is_dir(const char *p);
bool path_is_reg(const char *p);
/* path is dir or inside it, both absolute and resolved (compared as text). */
bool path_is_below(const char *path, const char *dir);
/* path made absolute, with the symlinks of its existing parent directories
 * resolved and its last component not followed (what a writer replaces);
 * NULL when the working directory is gone. */
char *path_resolve_parents(const char *path);
int mkdir_p(const char *path, unsigned mode, char ***created, size_t *ncreated);
int rm_rf(const char *path);
/* rename() that never replaces an existing to: -EEXIST then. Atomic where
 * the filesystem has RENAME_NOREPLACE; elsewhere (NFS) checked just before. */
int rename_noreplace(const char *from, const char *to);

/* Whole-file reads; negative errno on failure. */
int read_file(const char *path, char **buf, size_t *len);

/* A kernel tree's control files (.config, auto.conf, kernel.release,
 * Makefile, Module.symvers) are read only when they are regular files of
 * at most CONTROL_FILE_MAX bytes: a FIFO would hang the reader and a link
 * to /dev/zero exhaust memory. The open never blocks; with
 * READ_NOFOLLOW a symlink is refused too (for files kbuild writes itself).
 * On failure, *errmsg (when given) is "PATH: reason"; the caller frees it. */
#define CONTROL_FILE_MAX (64u << 20)
enum { READ_NOFOLLOW = 1 << 0 };
int read_control_file(const char *path, unsigned flags, char **buf, size_t *len, char **errmsg);
/* First line of a control file, without its newline. */
int read_line_file(const char *path, unsigned flags, char **line, char **errmsg);

/* "4G", "512M", "100k" or plain bytes (binary units); -EINVAL otherwise. */
int parse_size(const char *s, uint64_t *out);

bool str_starts_with(const char *s, const char *prefix);
/* s past prefix when s starts with it, else NULL. */
const char *str_after_prefix(const char *s, const char *prefix);
/* The index of s in names[0..n) (an enum's names), or -EINVAL. */
int strv_index(const char *const *names, size_t n, const char *s);
bool str_ends_with(const char *s, const char *suffix);
char *str_strip(char *s);
int strcmp_bytes(const void *a, const void *b); /* qsort on char ** */
