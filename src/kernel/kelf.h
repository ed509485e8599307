/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Bounds-checked access to ELF files through libelf: ELF32 and ELF64,
 * either byte order. Every accessor validates what it returns, so a
 * corrupt file gives a negative errno, never a wild read. */
#pragma once

#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shared/sha256.h"

struct kelf;

/* Opens path. -errno on I/O errors; -ENOEXEC when the file is not ELF;
 * -EBADMSG when libelf rejects the headers. */
int kelf_open(const char *path, struct kelf **ret);
/* The same on an open file, which kelf owns from then on (closed by
 * kelf_free, or at once on failure). */
int kelf_open_fd(int fd, struct kelf **ret);
/* Parses an in-memory image; buf must stay valid until kelf_free. */
int kelf_open_mem(const void *buf, size_t len, struct kelf **ret);
void kelf_free(struct kelf *k);
static inline void kelf_freep(struct kelf **k) { if (*k) kelf_free(*k); }
#define _cleanup_kelf_ __attribute__((cleanup(kelf_freep)))

/* libelf's text for the last failure, for messages. */
const char *kelf_errmsg(void);

/* Header facts of any ELF file (executable, object, core) without
 * reading the rest; for `verify`. */
struct kelf_ident {
	uint16_t machine; /* EM_* */
	uint16_t type;    /* ET_* */
	uint8_t elfclass; /* ELFCLASS32 / ELFCLASS64 */
	uint8_t data;     /* ELFDATA2LSB / ELFDATA2MSB */
};
int kelf_ident_path(const char *path, struct kelf_ident *id);
/* The same from the ELF header's first bytes alone, for many files: any
 * file, -ENOEXEC when it is not ELF (a FIFO is not opened). */
int kelf_peek(const char *path, struct kelf_ident *id);
/* The SHA-256 of the file with its GNU build ID zeroed: one program built
 * in two directories (DWARF paths give it another ID, stripped or not). */
int kelf_sha256_sans_build_id(const char *path, uint8_t out[SHA256_LEN]);

const GElf_Ehdr *kelf_ehdr(const struct kelf *k);
bool kelf_is64(const struct kelf *k);
bool kelf_big_endian(const struct kelf *k);
size_t kelf_file_size(const struct kelf *k);

/* Sections, indexed as in the file (0 is the null section). */
size_t kelf_nsections(const struct kelf *k);
int kelf_shdr(const struct kelf *k, size_t idx, GElf_Shdr *shdr);
/* "" when the name cannot be read. */
const char *kelf_section_name(const struct kelf *k, size_t idx);
/* Raw contents (no byte-order translation). NOBITS sections give -ENODATA. */
int kelf_section_bytes(const struct kelf *k, size_t idx, const uint8_t **data, size_t *len);
/* Index of the first section named name, or 0. */
size_t kelf_find_section(const struct kelf *k, const char *name);
/* Is a section of this name debug info (DWARF, compressed or LTO DWARF,
 * stabs), what `strip --strip-debug` removes? */
bool kelf_is_debug_section(const char *name);
/* 1 when the file at path holds a debug section, 0 when not, -ENOEXEC
 * when it is not ELF, another negative errno when it cannot be read. */
int kelf_has_debug_sections(const char *path);

/* The .symtab, translated to host order. -ENOENT when there is none. */
int kelf_symtab(struct kelf *k);
size_t kelf_nsyms(const struct kelf *k);
/* Symbol i with its real section index (SHN_XINDEX resolved) and name
 * ("" when out of range). */
int kelf_sym(const struct kelf *k, size_t i, GElf_Sym *sym, size_t *shndx, const char **name);
/* size bytes at st_value within section shndx, bounds-checked. */
int kelf_sym_bytes(const struct kelf *k, size_t shndx, uint64_t value, uint64_t size, const uint8_t **p);

/* Relocations of section rel_idx (SHT_REL or SHT_RELA), translated. */
size_t kelf_nrelocs(const struct kelf *k, size_t rel_idx);
int kelf_reloc(const struct kelf *k, size_t rel_idx, size_t i, GElf_Rela *rela);

/* An unsigned integer of size 1, 2, 4 or 8 bytes in the file's byte order. */
uint64_t kelf_read_uint(const struct kelf *k, const void *p, size_t size);
