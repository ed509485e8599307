// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/kelf.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/macro.h"
#include "shared/str.h"

struct kelf {
	int fd;
	void *copy; /* private copy for kelf_open_mem */
	size_t size;
	Elf *elf;
	GElf_Ehdr ehdr;
	size_t shnum, shstrndx;
	/* symbol table */
	Elf_Data *symdata, *shndxdata;
	size_t nsyms, strndx;
};

static bool libelf_ready;

static void init_libelf(void)
{
	libelf_ready = elf_version(EV_CURRENT) != EV_NONE;
}

/* Once, whichever thread comes first (a split checks its parts on all). */
static int kelf_init_lib(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, init_libelf);
	return libelf_ready ? 0 : -ENOTSUP;
}

const char *kelf_errmsg(void)
{
	const char *m = elf_errmsg(-1);
	return m ? m : "unknown libelf error";
}

static int kelf_setup(struct kelf *k)
{
	if (elf_kind(k->elf) != ELF_K_ELF)
		return -ENOEXEC;
	if (!gelf_getehdr(k->elf, &k->ehdr))
		return -EBADMSG;
	if (elf_getshdrnum(k->elf, &k->shnum) < 0)
		return -EBADMSG;
	if (elf_getshdrstrndx(k->elf, &k->shstrndx) < 0)
		k->shstrndx = 0;
	return 0;
}

int kelf_open_fd(int fd, struct kelf **ret)
{
	struct kelf *k;
	struct stat st;
	int r = kelf_init_lib();

	if (r < 0) {
		close(fd);
		return r;
	}
	k = xcalloc(1, sizeof(*k));
	k->fd = fd;
	if (fstat(k->fd, &st) < 0) {
		r = -errno;
		goto fail;
	}
	k->size = (size_t)st.st_size;
	k->elf = elf_begin(k->fd, ELF_C_READ_MMAP, NULL);
	if (!k->elf) {
		r = -EBADMSG;
		goto fail;
	}
	r = kelf_setup(k);
	if (r < 0)
		goto fail;
	*ret = k;
	return 0;
fail:
	kelf_free(k);
	return r;
}

int kelf_open(const char *path, struct kelf **ret)
{
	/* a FIFO would hang libelf, a device be read without end */
	int fd = open_regular(path, 0, NULL);

	if (fd < 0)
		return fd;
	return kelf_open_fd(fd, ret);
}

int kelf_open_mem(const void *buf, size_t len, struct kelf **ret)
{
	struct kelf *k;
	int r = kelf_init_lib();

	if (r < 0)
		return r;
	k = xcalloc(1, sizeof(*k));
	k->fd = -1;
	k->copy = xmalloc(len);
	memcpy(k->copy, buf, len);
	k->size = len;
	k->elf = elf_memory(k->copy, len);
	if (!k->elf) {
		kelf_free(k);
		return -EBADMSG;
	}
	r = kelf_setup(k);
	if (r < 0) {
		kelf_free(k);
		return r;
	}
	*ret = k;
	return 0;
}

void kelf_free(struct kelf *k)
{
	if (!k)
		return;
	if (k->elf)
		elf_end(k->elf);
	if (k->fd >= 0)
		close(k->fd);
	free(k->copy);
	free(k);
}

int kelf_ident_path(const char *path, struct kelf_ident *id)
{
	_cleanup_kelf_ struct kelf *k = NULL;
	int r = kelf_open(path, &k);

	if (r < 0)
		return r;
	id->machine = k->ehdr.e_machine;
	id->type = k->ehdr.e_type;
	id->elfclass = k->ehdr.e_ident[EI_CLASS];
	id->data = k->ehdr.e_ident[EI_DATA];
	return 0;
}

int kelf_peek(const char *path, struct kelf_ident *id)
{
	unsigned char h[EI_NIDENT + 4];
	_cleanup_close_ int fd = open_regular(path, 0, NULL); /* a FIFO would hang */
	bool msb;

	memset(id, 0, sizeof(*id)); /* defined on every return */
	if (fd < 0)
		return fd == -EINVAL ? -ENOEXEC : fd;
	if (read(fd, h, sizeof(h)) != (ssize_t)sizeof(h) || memcmp(h, ELFMAG, SELFMAG))
		return -ENOEXEC;
	msb = h[EI_DATA] == ELFDATA2MSB;
	id->type = msb ? (uint16_t)(h[16] << 8 | h[17]) : (uint16_t)(h[17] << 8 | h[16]);
	id->machine = msb ? (uint16_t)(h[18] << 8 | h[19]) : (uint16_t)(h[19] << 8 | h[18]);
	id->elfclass = h[EI_CLASS];
	id->data = h[EI_DATA];
	return 0;
}

int kelf_sha256_sans_build_id(const char *path, uint8_t out[SHA256_LEN])
{
	_cleanup_kelf_ struct kelf *k = NULL;
	_cleanup_free_ char *buf = NULL;
	size_t len = 0;
	int r = kelf_open(path, &k);

	if (r == 0)
		r = read_file(path, &buf, &len);
	for (size_t i = 1; r == 0 && i < k->shnum; i++) {
		Elf_Scn *scn = elf_getscn(k->elf, i);
		GElf_Shdr sh;
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE || !(d = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0)
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp((const char *)d->d_buf + name_off, "GNU", 4) && sh.sh_offset + desc_off + nh.n_descsz <= len)
				memset(buf + sh.sh_offset + desc_off, 0, nh.n_descsz);
	}
	if (r == 0) {
		struct sha256 c;

		sha256_init(&c);
		sha256_update(&c, buf, len);
		sha256_final(&c, out);
	}
	return r;
}

const GElf_Ehdr *kelf_ehdr(const struct kelf *k)
{
	return &k->ehdr;
}

bool kelf_is64(const struct kelf *k)
{
	return k->ehdr.e_ident[EI_CLASS] == ELFCLASS64;
}

bool kelf_big_endian(const struct kelf *k)
{
	return k->ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
}

size_t kelf_file_size(const struct kelf *k)
{
	return k->size;
}

size_t kelf_nsections(const struct kelf *k)
{
	return k->shnum;
}

int kelf_shdr(const struct kelf *k, size_t idx, GElf_Shdr *shdr)
{
	Elf_Scn *scn;

	if (idx >= k->shnum)
		return -ERANGE;
	scn = elf_getscn(k->elf, idx);
	if (!scn || !gelf_getshdr(scn, shdr))
		return -EBADMSG;
	return 0;
}

const char *kelf_section_name(const struct kelf *k, size_t idx)
{
	GElf_Shdr sh;
	const char *n;

	if (kelf_shdr(k, idx, &sh) < 0)
		return "";
	n = elf_strptr(k->elf, k->shstrndx, sh.sh_name);
	return n ? n : "";
}

size_t kelf_find_section(const struct kelf *k, const char *name)
{
	for (size_t i = 1; i < k->shnum; i++)
		if (strcmp(kelf_section_name(k, i), name) == 0)
			return i;
	return 0;
}

bool kelf_is_debug_section(const char *name)
{
	return str_starts_with(name, ".debug_") || str_starts_with(name, ".zdebug_") ||
	       str_starts_with(name, ".gnu.debuglto_") || !strcmp(name, ".line") || str_starts_with(name, ".stab");
}

int kelf_has_debug_sections(const char *path)
{
	_cleanup_kelf_ struct kelf *k = NULL;
	int r = kelf_open(path, &k);

	if (r < 0)
		return r;
	for (size_t i = 1; i < k->shnum; i++)
		if (kelf_is_debug_section(kelf_section_name(k, i)))
			return 1;
	return 0;
}

int kelf_section_bytes(const struct kelf *k, size_t idx, const uint8_t **data, size_t *len)
{
	Elf_Scn *scn;
	GElf_Shdr sh;
	Elf_Data *d;

	if (kelf_shdr(k, idx, &sh) < 0)
		return -EBADMSG;
	if (sh.sh_type == SHT_NOBITS)
		return -ENODATA;
	scn = elf_getscn(k->elf, idx);
	d = elf_rawdata(scn, NULL);
	if (!d) {
		if (sh.sh_size == 0) {
			*data = (const uint8_t *)"";
			*len = 0;
			return 0;
		}
		return -EBADMSG;
	}
	*data = d->d_buf ? d->d_buf : (const uint8_t *)"";
	*len = d->d_buf ? d->d_size : 0;
	return 0;
}

int kelf_symtab(struct kelf *k)
{
	size_t symidx = 0;

	if (k->symdata)
		return 0;
	for (size_t i = 1; i < k->shnum; i++) {
		GElf_Shdr sh;

		if (kelf_shdr(k, i, &sh) < 0)
			return -EBADMSG;
		if (sh.sh_type == SHT_SYMTAB) {
			Elf_Data *d = elf_getdata(elf_getscn(k->elf, i), NULL);
			size_t ent = gelf_fsize(k->elf, ELF_T_SYM, 1, EV_CURRENT);

			if (!d || !ent)
				return -EBADMSG;
			if (sh.sh_link >= k->shnum)
				return -EBADMSG;
			k->symdata = d;
			k->nsyms = d->d_size / ent;
			k->strndx = sh.sh_link;
			symidx = i;
		}
	}
	if (!k->symdata)
		return -ENOENT;
	for (size_t i = 1; i < k->shnum; i++) {
		GElf_Shdr sh;

		if (kelf_shdr(k, i, &sh) == 0 && sh.sh_type == SHT_SYMTAB_SHNDX) {
			if (sh.sh_link != symidx)
				return -EBADMSG;
			k->shndxdata = elf_getdata(elf_getscn(k->elf, i), NULL);
			if (!k->shndxdata)
				return -EBADMSG;
		}
	}
	return 0;
}

size_t kelf_nsyms(const struct kelf *k)
{
	return k->nsyms;
}

int kelf_sym(const struct kelf *k, size_t i, GElf_Sym *sym, size_t *shndx, const char **name)
{
	Elf32_Word xndx = 0;
	const char *n;

	if (i >= k->nsyms)
		return -ERANGE;
	if (!gelf_getsymshndx(k->symdata, k->shndxdata, (int)i, sym, &xndx))
		return -EBADMSG;
	if (shndx)
		*shndx = sym->st_shndx == SHN_XINDEX ? xndx : sym->st_shndx;
	if (name) {
		n = elf_strptr(k->elf, k->strndx, sym->st_name);
		*name = n ? n : "";
	}
	return 0;
}

int kelf_sym_bytes(const struct kelf *k, size_t shndx, uint64_t value, uint64_t size, const uint8_t **p)
{
	const uint8_t *data;
	size_t len;
	int r;

	if (shndx == SHN_UNDEF || shndx >= k->shnum)
		return -ERANGE;
	r = kelf_section_bytes(k, shndx, &data, &len);
	if (r < 0)
		return r;
	if (value > len || size > len - value)
		return -ERANGE;
	*p = data + value;
	return 0;
}

size_t kelf_nrelocs(const struct kelf *k, size_t rel_idx)
{
	GElf_Shdr sh;
	Elf_Data *d;
	size_t ent;

	if (kelf_shdr(k, rel_idx, &sh) < 0)
		return 0;
	if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA)
		return 0;
	d = elf_getdata(elf_getscn(k->elf, rel_idx), NULL);
	ent = gelf_fsize(k->elf, sh.sh_type == SHT_RELA ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
	if (!d || !ent)
		return 0;
	return d->d_size / ent;
}

int kelf_reloc(const struct kelf *k, size_t rel_idx, size_t i, GElf_Rela *rela)
{
	GElf_Shdr sh;
	Elf_Data *d;

	if (kelf_shdr(k, rel_idx, &sh) < 0)
		return -EBADMSG;
	d = elf_getdata(elf_getscn(k->elf, rel_idx), NULL);
	if (!d)
		return -EBADMSG;
	if (i >= kelf_nrelocs(k, rel_idx))
		return -ERANGE;
	if (sh.sh_type == SHT_RELA) {
		if (!gelf_getrela(d, (int)i, rela))
			return -EBADMSG;
	} else {
		GElf_Rel rel;

		if (!gelf_getrel(d, (int)i, &rel))
			return -EBADMSG;
		rela->r_offset = rel.r_offset;
		rela->r_info = rel.r_info;
		rela->r_addend = 0;
	}
	return 0;
}

uint64_t kelf_read_uint(const struct kelf *k, const void *p, size_t size)
{
	const uint8_t *b = p;
	uint64_t v = 0;

	if (kelf_big_endian(k)) {
		for (size_t i = 0; i < size; i++)
			v = (v << 8) | b[i];
	} else {
		for (size_t i = size; i > 0; i--)
			v = (v << 8) | b[i - 1];
	}
	return v;
}
