// SPDX-License-Identifier: GPL-2.0-or-later
/* Modules, the hash of exported symbols, namespace lists. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "devtable.h"
#include "modpost.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/str.h"


/* mod at the end of its chain: each chain keeps the order of the list. */
static void mod_hash_insert(struct modpost *mp, struct mp_module *mod)
{
	struct mp_module **p = &mp->mod_hash[str_hash(mod->name) & (mp->mod_hash_size - 1)];

	while (*p)
		p = &(*p)->hnext;
	mod->hnext = NULL;
	*p = mod;
}

static void mod_hash_add(struct modpost *mp, struct mp_module *mod)
{
	if (mp->modules.n > mp->mod_hash_size) {
		free(mp->mod_hash);
		mp->mod_hash_size = mp->mod_hash_size ? mp->mod_hash_size * 4 : 1024;
		mp->mod_hash = xcalloc(mp->mod_hash_size, sizeof(*mp->mod_hash));
		for (size_t i = 0; i + 1 < mp->modules.n; i++) /* the list in order, but mod */
			mod_hash_insert(mp, mp->modules.v[i]);
	}
	mod_hash_insert(mp, mod);
}

struct mp_module *mp_module_new(struct modpost *mp, const char *name, size_t len)
{
	struct mp_module *mod = xcalloc(1, sizeof(*mod));

	mod->name = xstrndup(name, len);
	mod->is_vmlinux = strcmp(mod->name, "vmlinux") == 0;
	if (mod->is_vmlinux)
		mp->have_vmlinux = true;
	/* without MODULE_LICENSE() the GPL check is skipped: it is an error anyway */
	mod->is_gpl_compatible = true;
	mod->addr_size = 8;
	ptrarray_push(&mp->modules, mod);
	mod_hash_add(mp, mod);
	return mod;
}

/* The module a dump line names: by name (6.x), the first of the list; 7.2
 * keeps the modules of each -i file apart, so that two dumps naming one
 * module do not make their exports "exported twice". */
struct mp_module *mp_module_find_dump(struct modpost *mp, const char *dump_file, const char *name)
{
	if (!mp->mod_hash_size)
		return NULL;
	for (struct mp_module *m = mp->mod_hash[str_hash(name) & (mp->mod_hash_size - 1)]; m; m = m->hnext) {
		if (mp->fmt >= KBP_MODPOST_7_2 && (!m->dump_file || strcmp(m->dump_file, dump_file)))
			continue;
		if (strcmp(m->name, name) == 0)
			return m;
	}
	return NULL;
}

struct mp_symbol *mp_symbol_alloc(const char *name)
{
	size_t n = strlen(name);
	struct mp_symbol *s = xcalloc(1, sizeof(*s) + n + 1);

	memcpy(s->name, name, n + 1);
	return s;
}

static void hash_grow(struct modpost *mp)
{
	size_t nsize = mp->hash_size ? mp->hash_size * 2 : 4096;
	struct mp_symbol **nh = xcalloc(nsize, sizeof(*nh));

	/* re-insert keeping each chain's newest-first order */
	for (size_t i = 0; i < mp->hash_size; i++) {
		struct mp_symbol *s = mp->hash[i], *rev = NULL;

		while (s) { /* reverse so that re-insertion at head restores order */
			struct mp_symbol *n = s->hnext;
			s->hnext = rev;
			rev = s;
			s = n;
		}
		while (rev) {
			struct mp_symbol *n = rev->hnext;
			size_t h = str_hash(rev->name) & (nsize - 1);
			rev->hnext = nh[h];
			nh[h] = rev;
			rev = n;
		}
	}
	free(mp->hash);
	mp->hash = nh;
	mp->hash_size = nsize;
}

struct mp_symbol *mp_find_symbol(struct modpost *mp, const char *name, const struct mp_module *mod)
{
	/* For our purposes, .foo matches foo.  PPC64 needs this. */
	if (name[0] == '.')
		name++;
	if (!mp->hash_size)
		return NULL;
	for (struct mp_symbol *s = mp->hash[str_hash(name) & (mp->hash_size - 1)]; s; s = s->hnext)
		if (strcmp(s->name, name) == 0 && (!mod || s->module == mod))
			return s;
	return NULL;
}

struct mp_symbol *mp_add_exported(struct modpost *mp, const char *name, struct mp_module *mod,
				  bool gpl_only, const char *ns)
{
	struct mp_symbol *s = mp_find_symbol(mp, name, NULL);
	size_t h;

	if (s && (!mp->external_module || s->module->is_vmlinux || s->module == mod))
		mp_error(mp, "%s: '%s' exported twice. Previous export was in %s%s\n",
			 mod->name, name, s->module->name, s->module->is_vmlinux ? "" : ".ko");

	s = mp_symbol_alloc(name);
	s->module = mod;
	s->gpl_only = gpl_only;
	s->ns = ns ? mp_intern(mp, ns) : NULL;
	ptrarray_push(&mod->exports, s);
	if (++mp->nexported > 4 * mp->hash_size) /* chains of four: the kernel's are longer */
		hash_grow(mp);
	h = str_hash(s->name) & (mp->hash_size - 1);
	s->hnext = mp->hash[h];
	mp->hash[h] = s;
	return s;
}

static const char *const export_names[] = {
	[MP_EXPORT_PLAIN] = "EXPORT_SYMBOL",
	[MP_EXPORT_UNUSED] = "EXPORT_UNUSED_SYMBOL",
	[MP_EXPORT_GPL] = "EXPORT_SYMBOL_GPL",
	[MP_EXPORT_UNUSED_GPL] = "EXPORT_UNUSED_SYMBOL_GPL",
	[MP_EXPORT_GPL_FUTURE] = "EXPORT_SYMBOL_GPL_FUTURE",
	[MP_EXPORT_UNKNOWN] = "(unknown)",
};

const char *mp_export_str(enum mp_export e)
{
	return export_names[e];
}

enum mp_export mp_export_no(const char *s)
{
	for (size_t i = 0; i < MP_EXPORT_UNKNOWN; i++)
		if (!strcmp(export_names[i], s))
			return (enum mp_export)i;
	return MP_EXPORT_UNKNOWN;
}

struct mp_symbol *mp_add_exported_5_10(struct modpost *mp, const char *name, struct mp_module *mod,
				       enum mp_export export)
{
	struct mp_symbol *s = mp_find_symbol(mp, name, NULL);

	if (!s) {
		s = mp_add_exported(mp, name, mod, false, NULL);
		s->seq = mp->nexported;
		s->is_static = true;
	} else if (!mp->external_module || s->module->is_vmlinux || s->module == mod) {
		mp_warn(mp, "%s: '%s' exported twice. Previous export was in %s%s\n", mod->name, name,
			s->module->name, s->module->is_vmlinux ? "" : ".ko");
		return s;
	}
	/* the symbol stays in the exports of the module that made it */
	s->module = mod;
	s->export = export;
	s->gpl_only = export == MP_EXPORT_GPL || export == MP_EXPORT_UNUSED_GPL;
	return s;
}

/* the gdbm hash of 5.10's 1024-bucket symbol table */
static unsigned tdb_hash(const char *name)
{
	unsigned value = 0x238F13AFu * (unsigned)strlen(name);

	for (unsigned i = 0; name[i]; i++)
		value = value + ((unsigned)(unsigned char)name[i] << (i * 5 % 24));
	return 1103515243u * value + 12345u;
}

static int hash_order_cmp(const void *a, const void *b)
{
	const struct mp_symbol *x = *(struct mp_symbol *const *)a, *y = *(struct mp_symbol *const *)b;
	unsigned hx = tdb_hash(x->name) % 1024, hy = tdb_hash(y->name) % 1024;

	if (hx != hy)
		return hx < hy ? -1 : 1;
	/* a chain lists the newest symbol first */
	return x->seq > y->seq ? -1 : x->seq < y->seq;
}

struct mp_symbol **mp_symbols_in_hash_order(struct modpost *mp, size_t *n)
{
	struct mp_symbol **v = xcalloc(mp->nexported + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < mp->modules.n; i++) {
		struct mp_module *m = mp->modules.v[i];

		for (size_t j = 0; j < m->exports.n; j++)
			v[(*n)++] = m->exports.v[j];
	}
	qsort(v, *n, sizeof(*v), hash_order_cmp);
	return v;
}

void mp_add_unresolved(struct mp_module *mod, const char *name, bool weak)
{
	struct mp_symbol *s = mp_symbol_alloc(name);

	s->weak = weak;
	ptrarray_push(&mod->unresolved, s);
}

bool mp_contains_ns(struct modpost *mp, const struct ptrarray *list, const char *ns)
{
	/* 6.12: the default namespace "" is always implicitly imported */
	if (mp->fmt >= KBP_MODPOST_6_12 && !ns[0])
		return true;
	for (size_t i = 0; i < list->n; i++)
		if (strcmp(list->v[i], ns) == 0)
			return true;
	return false;
}

void mp_add_ns(struct modpost *mp, struct ptrarray *list, const char *ns)
{
	if (!mp_contains_ns(mp, list, ns))
		ptrarray_push(list, xstrdup(ns));
}

bool mp_verify_module_ns(const char *ns, const char *modname)
{
	static const char prefix[] = "module:";
	size_t modlen = strlen(modname);

	if (!str_starts_with(ns, prefix))
		return false;
	for (ns += strlen(prefix); *ns;) {
		const char *sep = strchrnul(ns, ',');
		size_t len = (size_t)(sep - ns);
		/* sep[-1] as the kernel reads it: "module:,x" looks at the ':' */
		bool glob = sep[-1] == '*';

		if (glob)
			len--;
		if (!strncmp(ns, modname, len) && (glob || len == modlen))
			return true;
		ns = *sep ? sep + 1 : sep;
	}
	return false;
}

/* 7.2: symbols a module looks up with symbol_get() survive -t */
void mp_keep_no_trim_symbols(struct modpost *mp, struct mp_module *mod)
{
	const char *p = mod->no_trim_symbol, *end = p + mod->no_trim_symbol_len;

	while (p && p < end) {
		struct mp_symbol *s = mp_find_symbol(mp, p, NULL);

		if (s)
			s->used = true;
		/* next_string(): past this name and the NULs after it */
		p = memchr(p, '\0', (size_t)(end - p));
		while (p && p < end && !*p)
			p++;
	}
}

static void symbol_free(void *p)
{
	free(p);
}

const char *mp_intern(struct modpost *mp, const char *ns)
{
	for (size_t i = 0; i < mp->ns_pool.n; i++)
		if (!strcmp(mp->ns_pool.v[i], ns))
			return mp->ns_pool.v[i];
	ptrarray_push(&mp->ns_pool, xstrdup(ns));
	return mp->ns_pool.v[mp->ns_pool.n - 1];
}

static void module_free(void *p)
{
	struct mp_module *m = p;

	ptrarray_free(&m->exports, symbol_free);
	ptrarray_free(&m->unresolved, symbol_free);
	ptrarray_free(&m->imported_ns, free);
	ptrarray_free(&m->missing_ns, free);
	ptrarray_free(&m->aliases, mp_alias_free);
	free(m->no_trim_symbol);
	free(m->name);
	free(m);
}

void mp_free(struct modpost *mp)
{
	ptrarray_free(&mp->modules, module_free);
	free(mp->mod_hash);
	mp->mod_hash = NULL;
	mp->mod_hash_size = 0;
	ptrarray_free(&mp->ns_pool, free);
	devtable_offsets_free(mp->offsets);
	mp->offsets = NULL;
	free(mp->hash);
	mp->hash = NULL;
	mp->hash_size = 0;
	mp->nexported = 0;
}

size_t mp_remove_dot_len(const char *s)
{
	size_t n = strcspn(s, ".");

	if (n && s[n]) {
		size_t m = strspn(s + n + 1, "0123456789");
		if (m && (s[n + m + 1] == '.' || s[n + m + 1] == 0))
			return n;
	}
	return strlen(s);
}

const char *mp_remove_dot(const char *s, char *tmp, size_t tmplen)
{
	size_t n = mp_remove_dot_len(s);

	if (s[n] && n < tmplen) {
		memcpy(tmp, s, n);
		tmp[n] = '\0';
		return tmp;
	}
	return s;
}
