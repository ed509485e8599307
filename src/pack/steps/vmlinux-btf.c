// SPDX-License-Identifier: GPL-2.0-or-later
/* The vmlinux a module BTF build needs, made with libelf: either reduced to
 * its .BTF section (a few MB instead of hundreds) or stripped of debug info.
 * See vmlinux-btf.h and doc/vmlinux-btf.md. */
#define _GNU_SOURCE
#include "pack/steps/vmlinux-btf.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rules/filelist.h"
#include "kernel/kconfig.h"
#include "pack/ctx.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/str.h"
#include "kernel/kelf.h"
#include "kernel/tree.h"

static const char *const mode_names[] = {
	[VMLINUX_BTF] = "btf",
	[VMLINUX_FULL] = "full",
	[VMLINUX_NONE] = "none",
};

int vmlinux_mode_parse(const char *s)
{
	return strv_index(mode_names, ARRAY_SIZE(mode_names), s);
}

/* One open ELF file, input or output. */
struct velf {
	const char *path;
	int fd;
	Elf *e;
};

static void velf_close(struct velf *v)
{
	if (v->e)
		elf_end(v->e);
	if (v->fd >= 0)
		close(v->fd);
	v->e = NULL;
	v->fd = -1;
}

static int velf_err(const struct velf *v, const char *what)
{
	log_err("%s: %s: %s", v->path, what, elf_errmsg(-1));
	return -EBADMSG;
}

static int velf_open_read(struct velf *v, const char *path)
{
	char *err = NULL;

	*v = (struct velf){ .path = path, .fd = -1 };
	if (elf_version(EV_CURRENT) == EV_NONE)
		return velf_err(v, "libelf");
	/* kbuild writes vmlinux: a link (out of the trees) or a FIFO is refused */
	v->fd = open_regular(path, READ_NOFOLLOW, &err);
	if (v->fd < 0) {
		log_err("%s", err);
		free(err);
		return v->fd;
	}
	v->e = elf_begin(v->fd, ELF_C_READ_MMAP, NULL);
	if (!v->e || elf_kind(v->e) != ELF_K_ELF) {
		log_err("%s: not an ELF file", path);
		velf_close(v);
		return -ENOEXEC;
	}
	return 0;
}

static int velf_open_write(struct velf *v, const char *path, mode_t mode)
{
	*v = (struct velf){ .path = path, .fd = -1 };
	v->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (v->fd < 0) {
		int r = -errno;
		log_err("%s: %s", path, strerror(-r));
		return r;
	}
	v->e = elf_begin(v->fd, ELF_C_WRITE, NULL);
	if (!v->e) {
		int r = velf_err(v, "elf_begin");
		velf_close(v);
		return r;
	}
	return 0;
}

/* Writes the output and closes it; fsync is the sink's business. */
static int velf_finish(struct velf *v)
{
	int r = 0;

	if (elf_update(v->e, ELF_C_WRITE) < 0)
		r = velf_err(v, "writing");
	velf_close(v);
	return r;
}

static Elf_Scn *find_section(Elf *e, size_t shstrndx, const char *name)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		const char *n;
		if (!gelf_getshdr(scn, &sh))
			return NULL;
		n = elf_strptr(e, shstrndx, sh.sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/* A new section of out holding size bytes at buf (not copied: buf must
 * outlive elf_update). */
static Elf_Scn *add_section(Elf *out, const GElf_Shdr *sh, void *buf, size_t size, Elf_Type type)
{
	Elf_Scn *scn = elf_newscn(out);
	Elf_Data *d;

	if (!scn || !gelf_update_shdr(scn, (GElf_Shdr *)sh))
		return NULL;
	d = elf_newdata(scn);
	if (!d)
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_type = type;
	d->d_align = sh->sh_addralign ? sh->sh_addralign : 1;
	d->d_off = 0;
	d->d_version = EV_CURRENT;
	return scn;
}

/* Copies section scn of in (header and bytes) into out, named by offset
 * name in out's .shstrtab; 0 or a logged error. */
static int copy_section(const struct velf *in, const struct velf *out, Elf_Scn *scn,
			const char *what, GElf_Word name, Elf_Data **data)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_rawdata(scn, NULL);

	if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS || !d || d->d_size != sh.sh_size)
		return velf_err(in, what);
	sh.sh_name = name;
	sh.sh_link = sh.sh_info = 0;
	if (data)
		*data = d;
	if (!add_section(out->e, &sh, d->d_buf, d->d_size, ELF_T_BYTE))
		return velf_err(out, what);
	return 0;
}

/* .BTF is what module builds read; .comment (a few bytes) is what dkms
 * reads to tell a clang-built kernel (it then builds with CC=clang). */
int vmlinux_write_btf_only(const char *in_path, const char *out_path)
{
	static char shstrtab[] = "\0.BTF\0.shstrtab\0.comment";
	enum { NAME_BTF = 1, NAME_SHSTRTAB = 6, NAME_COMMENT = 16 };
	struct velf in, out;
	GElf_Ehdr eh, neh;
	GElf_Shdr sh;
	Elf_Scn *scn, *comment, *nscn;
	Elf_Data *d = NULL;
	size_t shstrndx;
	int r;

	r = velf_open_read(&in, in_path);
	if (r < 0)
		return r;
	if (!gelf_getehdr(in.e, &eh) || elf_getshdrstrndx(in.e, &shstrndx) < 0) {
		r = velf_err(&in, "ELF headers");
		goto out_in;
	}
	scn = find_section(in.e, shstrndx, ".BTF");
	if (!scn) {
		log_err("%s has no .BTF section (was it linked with CONFIG_DEBUG_INFO_BTF and pahole?)", in_path);
		r = -ENOENT;
		goto out_in;
	}
	comment = find_section(in.e, shstrndx, ".comment");

	r = velf_open_write(&out, out_path, 0644);
	if (r < 0)
		goto out_in;
	if (!gelf_newehdr(out.e, gelf_getclass(in.e)) || !gelf_getehdr(out.e, &neh)) {
		r = velf_err(&out, "ELF header");
		goto out_out;
	}
	/* Same identity as vmlinux (class, byte order, OS ABI, machine, type),
	 * but no program headers and no entry point: nothing to load or run. */
	memcpy(neh.e_ident, eh.e_ident, EI_NIDENT);
	neh.e_type = eh.e_type;
	neh.e_machine = eh.e_machine;
	neh.e_version = eh.e_version;
	neh.e_flags = eh.e_flags;
	neh.e_entry = 0;

	r = copy_section(&in, &out, scn, ".BTF", NAME_BTF, &d);
	if (r == 0 && comment)
		r = copy_section(&in, &out, comment, ".comment", NAME_COMMENT, NULL);
	if (r < 0)
		goto out_out;
	sh = (GElf_Shdr){ .sh_name = NAME_SHSTRTAB, .sh_type = SHT_STRTAB, .sh_addralign = 1, .sh_size = sizeof(shstrtab) };
	nscn = add_section(out.e, &sh, shstrtab, sizeof(shstrtab), ELF_T_BYTE);
	if (!nscn) {
		r = velf_err(&out, ".shstrtab");
		goto out_out;
	}
	neh.e_shstrndx = (GElf_Half)elf_ndxscn(nscn);
	if (!gelf_update_ehdr(out.e, &neh)) {
		r = velf_err(&out, "ELF header");
		goto out_out;
	}
	r = velf_finish(&out);
	if (r == 0)
		log_debug("%s: .BTF (%zu bytes) of %s", out_path, d->d_size, in_path);
out_out:
	velf_close(&out);
	if (r < 0)
		unlink(out_path);
out_in:
	velf_close(&in);
	return r;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* A section that lies inside a loadable part of the file keeps its offset. */
static bool in_segment(const GElf_Phdr *ph, size_t nph, const GElf_Shdr *sh)
{
	if (sh->sh_flags & SHF_ALLOC)
		return true;
	for (size_t i = 0; i < nph; i++)
		if (ph[i].p_filesz && sh->sh_offset >= ph[i].p_offset &&
		    sh->sh_offset < ph[i].p_offset + ph[i].p_filesz)
			return true;
	return false;
}

struct strip_ctx {
	struct velf in, out;
	GElf_Ehdr eh;
	size_t nsec, nph, shstrndx;
	GElf_Phdr *ph;
	GElf_Shdr *sh;   /* input section headers */
	size_t *map;     /* input index -> output index, 0 = removed */
	size_t *order;   /* kept input indices in file-offset order */
	void **bufs;     /* buffers we allocated for the output */
};

/* Marks what goes: debug sections, then relocations whose target goes. */
static int strip_plan(struct strip_ctx *c)
{
	size_t n = 1;

	for (size_t i = 1; i < c->nsec; i++) {
		const char *name = elf_strptr(c->in.e, c->shstrndx, c->sh[i].sh_name);
		if (!name)
			return velf_err(&c->in, "section name");
		if (c->sh[i].sh_type == SHT_SYMTAB_SHNDX || c->sh[i].sh_type == SHT_GROUP) {
			log_err("%s: section %s of type %u is not supported", c->in.path, name, c->sh[i].sh_type);
			return -ENOTSUP;
		}
		c->map[i] = kelf_is_debug_section(name) ? 0 : 1;
	}
	for (size_t i = 1; i < c->nsec; i++) {
		bool rel = c->sh[i].sh_type == SHT_REL || c->sh[i].sh_type == SHT_RELA;
		if (rel && c->sh[i].sh_info && c->sh[i].sh_info < c->nsec && !c->map[c->sh[i].sh_info])
			c->map[i] = 0;
	}
	for (size_t i = 1; i < c->nsec; i++)
		if (c->map[i])
			c->map[i] = n++;
	if (!c->map[c->shstrndx]) {
		log_err("%s: the section name table is a debug section?", c->in.path);
		return -EBADMSG;
	}
	return 0;
}

static size_t remap(const struct strip_ctx *c, size_t idx)
{
	return idx < c->nsec ? c->map[idx] : 0;
}

/* Where a symbol of a removed section goes: a local one becomes the null
 * symbol, a global one undefined (indices stay, relocations stay valid). */
#define VOID_SYM(s)                                                          \
	do {                                                                 \
		if ((s)->st_shndx == SHN_UNDEF || (s)->st_shndx >= SHN_LORESERVE) \
			break;                                               \
		if (remap(c, (s)->st_shndx)) {                               \
			(s)->st_shndx = (uint16_t)remap(c, (s)->st_shndx);   \
		} else if ((s)->st_info >> 4 == STB_LOCAL) {                 \
			memset((s), 0, sizeof(*(s)));                        \
		} else {                                                     \
			(s)->st_shndx = SHN_UNDEF;                           \
			(s)->st_value = 0;                                   \
		}                                                            \
	} while (0)

/* The symbol table, translated to host order by libelf, with its section
 * indices remapped.  The copy is owned by c->bufs. */
static int strip_symtab(struct strip_ctx *c, Elf_Scn *scn, Elf_Data *nd)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	void *buf;

	if (!d || d->d_type != ELF_T_SYM)
		return velf_err(&c->in, ".symtab");
	buf = xmalloc(d->d_size ? d->d_size : 1);
	memcpy(buf, d->d_buf, d->d_size);
	c->bufs[elf_ndxscn(scn)] = buf;
	if (gelf_getclass(c->in.e) == ELFCLASS64) {
		Elf64_Sym *v = buf;
		for (size_t i = 0; i < d->d_size / sizeof(*v); i++)
			VOID_SYM(&v[i]);
	} else {
		Elf32_Sym *v = buf;
		for (size_t i = 0; i < d->d_size / sizeof(*v); i++)
			VOID_SYM(&v[i]);
	}
	nd->d_buf = buf;
	nd->d_size = d->d_size;
	nd->d_type = ELF_T_SYM;
	nd->d_version = EV_CURRENT;
	return 0;
}

static int cmp_offset(const void *a, const void *b, void *arg)
{
	const struct strip_ctx *c = arg;
	uint64_t x = c->sh[*(const size_t *)a].sh_offset, y = c->sh[*(const size_t *)b].sh_offset;
	return x < y ? -1 : x > y;
}

static int strip_write(struct strip_ctx *c)
{
	size_t nkept = 0;
	uint64_t pos;
	GElf_Ehdr neh;
	Elf_Scn **nscn = xcalloc(c->nsec, sizeof(*nscn));
	int r = 0;

	if (!gelf_newehdr(c->out.e, gelf_getclass(c->in.e)) || (c->nph && !gelf_newphdr(c->out.e, c->nph))) {
		r = velf_err(&c->out, "ELF header");
		goto out;
	}
	elf_flagelf(c->out.e, ELF_C_SET, ELF_F_LAYOUT);
	for (size_t i = 0; i < c->nph; i++)
		if (!gelf_update_phdr(c->out.e, (int)i, &c->ph[i])) {
			r = velf_err(&c->out, "program header");
			goto out;
		}
	/* Sections are created in index order; offsets are planned in file order. */
	for (size_t i = 1; i < c->nsec; i++) {
		if (!c->map[i])
			continue;
		nscn[i] = elf_newscn(c->out.e);
		if (!nscn[i]) {
			r = velf_err(&c->out, "new section");
			goto out;
		}
		c->order[nkept++] = i;
	}
	qsort_r(c->order, nkept, sizeof(size_t), cmp_offset, c);
	pos = c->eh.e_phoff + (uint64_t)c->nph * c->eh.e_phentsize;
	if (pos < c->eh.e_ehsize)
		pos = c->eh.e_ehsize;
	for (size_t k = 0; k < nkept; k++) {
		size_t i = c->order[k];
		GElf_Shdr sh = c->sh[i];
		Elf_Scn *iscn = elf_getscn(c->in.e, i);
		Elf_Data *d, *nd;

		if (!in_segment(c->ph, c->nph, &sh))
			sh.sh_offset = align_up(pos, sh.sh_addralign);
		if (sh.sh_type != SHT_NOBITS && sh.sh_offset + sh.sh_size > pos)
			pos = sh.sh_offset + sh.sh_size;
		if (sh.sh_link)
			sh.sh_link = (GElf_Word)remap(c, sh.sh_link);
		if ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA || (sh.sh_flags & SHF_INFO_LINK)) && sh.sh_info)
			sh.sh_info = (GElf_Word)remap(c, sh.sh_info);
		if (!gelf_update_shdr(nscn[i], &sh)) {
			r = velf_err(&c->out, "section header");
			goto out;
		}
		nd = elf_newdata(nscn[i]);
		if (!nd) {
			r = velf_err(&c->out, "section data");
			goto out;
		}
		if (sh.sh_type == SHT_SYMTAB) {
			r = strip_symtab(c, iscn, nd);
			if (r < 0)
				goto out;
		} else {
			d = elf_rawdata(iscn, NULL);
			if (!d && sh.sh_size && sh.sh_type != SHT_NOBITS) {
				r = velf_err(&c->in, "section data");
				goto out;
			}
			nd->d_buf = d ? d->d_buf : NULL;
			nd->d_size = sh.sh_size;
			nd->d_type = ELF_T_BYTE;
			nd->d_version = EV_CURRENT;
		}
		nd->d_off = 0;
		nd->d_align = sh.sh_addralign ? sh.sh_addralign : 1;
	}
	neh = c->eh;
	neh.e_shnum = (GElf_Half)(nkept + 1);
	neh.e_shstrndx = (GElf_Half)remap(c, c->shstrndx);
	neh.e_shoff = align_up(pos, gelf_getclass(c->in.e) == ELFCLASS64 ? 8 : 4);
	if (!gelf_update_ehdr(c->out.e, &neh)) {
		r = velf_err(&c->out, "ELF header");
		goto out;
	}
	r = velf_finish(&c->out);
out:
	free(nscn);
	return r;
}

int vmlinux_write_stripped(const char *in_path, const char *out_path)
{
	struct strip_ctx c = { .out = { .fd = -1 } };
	int r;

	r = velf_open_read(&c.in, in_path);
	if (r < 0)
		return r;
	if (!gelf_getehdr(c.in.e, &c.eh) || elf_getshdrnum(c.in.e, &c.nsec) < 0 ||
	    elf_getshdrstrndx(c.in.e, &c.shstrndx) < 0 || elf_getphdrnum(c.in.e, &c.nph) < 0) {
		r = velf_err(&c.in, "ELF headers");
		goto out;
	}
	if (c.nsec >= SHN_LORESERVE || c.shstrndx >= c.nsec) {
		log_err("%s: %zu sections: not supported", in_path, c.nsec);
		r = -ENOTSUP;
		goto out;
	}
	c.ph = xcalloc(c.nph + 1, sizeof(*c.ph));
	c.sh = xcalloc(c.nsec, sizeof(*c.sh));
	c.map = xcalloc(c.nsec, sizeof(*c.map));
	c.order = xcalloc(c.nsec, sizeof(*c.order));
	c.bufs = xcalloc(c.nsec, sizeof(*c.bufs));
	for (size_t i = 0; i < c.nph; i++)
		if (!gelf_getphdr(c.in.e, (int)i, &c.ph[i])) {
			r = velf_err(&c.in, "program header");
			goto out;
		}
	for (size_t i = 1; i < c.nsec; i++)
		if (!gelf_getshdr(elf_getscn(c.in.e, i), &c.sh[i])) {
			r = velf_err(&c.in, "section header");
			goto out;
		}
	r = strip_plan(&c);
	if (r < 0)
		goto out;
	r = velf_open_write(&c.out, out_path, 0755);
	if (r < 0)
		goto out;
	r = strip_write(&c);
	if (r < 0)
		unlink(out_path);
out:
	velf_close(&c.out);
	velf_close(&c.in);
	for (size_t i = 0; c.bufs && i < c.nsec; i++)
		free(c.bufs[i]);
	free(c.bufs);
	free(c.order);
	free(c.map);
	free(c.sh);
	free(c.ph);
	return r;
}

int vmlinux_step(struct pack_ctx *ctx)
{
	const struct ktree *t = ctx->t;
	enum vmlinux_mode mode = ctx->o->rules.vmlinux;
	_cleanup_free_ char *in = NULL, *out = NULL;
	const char *scratch;
	struct stat st;
	int r;

	if (!kconfig_enabled(&t->config, "CONFIG_DEBUG_INFO_BTF_MODULES"))
		return 0;
	if (mode == VMLINUX_NONE) {
		log_warn("--vmlinux=none: modules built against the packed tree get no BTF "
			 "(kbuild prints \"Skipping BTF generation\"), so BPF tools cannot trace them");
		return 0;
	}
	in = path_join(t->obj, "vmlinux");
	if (lstat(in, &st) < 0) {
		r = -errno;
		log_err("%s: %s: CONFIG_DEBUG_INFO_BTF_MODULES needs it as the BTF base of modules "
			"(build vmlinux, or pass --vmlinux=none to pack without module BTF)", in, strerror(-r));
		return r;
	}
	scratch = pack_scratch_dir(ctx);
	if (!scratch)
		return -EIO;
	out = path_join(scratch, "vmlinux");
	if (mode == VMLINUX_FULL)
		r = vmlinux_write_stripped(in, out);
	else
		r = vmlinux_write_btf_only(in, out);
	if (r < 0)
		return r;
	/* Keep vmlinux's time: a made file should not look newer than the build. */
	{
		struct timespec ts[2] = { st.st_mtim, st.st_mtim };
		if (utimensat(AT_FDCWD, out, ts, 0) < 0)
			log_debug("%s: utimensat: %s", out, strerror(errno));
	}
	r = filelist_put_tool_file(ctx->fl, "vmlinux", out, mode == VMLINUX_FULL ? "vmlinux=full" : "vmlinux=btf",
				   ctx->o->clamp_mtime);
	if (r < 0) {
		log_err("%s: %s", out, strerror(-r));
		return r;
	}
	if (stat(out, &st) == 0)
		log_info("vmlinux: %s (%s, %lld bytes)", mode == VMLINUX_FULL ? "stripped of debug info" : "BTF only",
			 out, (long long)st.st_size);
	return 0;
}
