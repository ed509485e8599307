// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/yaml-out.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "shared/strbuf.h"

static void ev(struct yaml_out *y, yaml_event_t *event, int ok)
{
	if (!ok || y->err) {
		if (ok)
			yaml_event_delete(event);
		y->err = y->err ? y->err : -ENOMEM;
		return;
	}
	if (!yaml_emitter_emit(&y->e, event))
		y->err = y->e.error != YAML_WRITER_ERROR ? -EINVAL : y->write_err ? y->write_err : -EIO;
}

/* libyaml's own file output loses errno: ENOSPC must reach the user. */
static int writer(void *data, unsigned char *buf, size_t size)
{
	struct yaml_out *y = data;

	if (fwrite(buf, 1, size, y->f) == size)
		return 1;
	y->write_err = -(errno ? errno : EIO);
	return 0;
}

/* Length of the valid UTF-8 sequence at s (as libyaml checks it), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
	uint32_t v = n == 1 ? s[0] : n == 2 ? s[0] & 0x1f : n == 3 ? s[0] & 0x0f : s[0] & 0x07;
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };

	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (!n || v < min[n] || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
		return 0;
	return n;
}

/* s with each stray byte 0xHH as the UTF-8 of U+00HH (libyaml refuses
 * invalid UTF-8); NULL when s is valid already. */
static char *utf8_escape_bytes(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	struct strbuf b = { 0 };
	bool bad = false;

	while (*p) {
		size_t n = utf8_len(p);

		if (n) {
			strbuf_addn(&b, (const char *)p, n);
			p += n;
			continue;
		}
		strbuf_addc(&b, (char)(0xc0 | *p >> 6));
		strbuf_addc(&b, (char)(0x80 | (*p & 0x3f)));
		p++;
		bad = true;
	}
	if (!bad) {
		strbuf_release(&b);
		return NULL;
	}
	return strbuf_steal(&b);
}

static void plain(struct yaml_out *y, const char *s)
{
	yaml_event_t e;

	ev(y, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 0,
					       YAML_PLAIN_SCALAR_STYLE));
}

void yaml_out_begin(struct yaml_out *y, FILE *f, bool doc_marker)
{
	yaml_event_t e;

	memset(y, 0, sizeof(*y));
	y->f = f;
	yaml_emitter_initialize(&y->e);
	yaml_emitter_set_output(&y->e, writer, y);
	/* ASCII out: a non-ASCII character is written as a \x, \u escape. */
	yaml_emitter_set_unicode(&y->e, 0);
	yaml_emitter_set_width(&y->e, -1);
	ev(y, &e, yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING));
	ev(y, &e, yaml_document_start_event_initialize(&e, NULL, NULL, NULL, !doc_marker));
}

int yaml_out_end(struct yaml_out *y)
{
	yaml_event_t e;
	int r;

	ev(y, &e, yaml_document_end_event_initialize(&e, 1));
	ev(y, &e, yaml_stream_end_event_initialize(&e));
	if (!yaml_emitter_flush(&y->e) && !y->err)
		y->err = y->write_err ? y->write_err : -EIO;
	r = y->err;
	yaml_emitter_delete(&y->e);
	if (fflush(y->f) != 0 || ferror(y->f))
		r = r ? r : -EIO;
	return r;
}

void yaml_out_scalar(struct yaml_out *y, const char *s, yaml_scalar_style_t style)
{
	_cleanup_free_ char *fixed = s ? utf8_escape_bytes(s) : NULL;
	bool is_plain = style == YAML_PLAIN_SCALAR_STYLE;
	yaml_event_t e;

	if (!s) {
		plain(y, "null");
		return;
	}
	if (fixed)
		s = fixed;
	ev(y, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), is_plain, !is_plain, style));
}

void yaml_out_str(struct yaml_out *y, const char *s)
{
	yaml_out_scalar(y, s, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

void yaml_out_key(struct yaml_out *y, const char *k)
{
	plain(y, k);
}

void yaml_out_uint(struct yaml_out *y, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	plain(y, b);
}

void yaml_out_kv(struct yaml_out *y, const char *k, const char *v)
{
	plain(y, k);
	yaml_out_str(y, v);
}

void yaml_out_kvu(struct yaml_out *y, const char *k, uint64_t v)
{
	plain(y, k);
	yaml_out_uint(y, v);
}

void yaml_out_map_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

void yaml_out_map_end(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_mapping_end_event_initialize(&e));
}

void yaml_out_seq_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
}

void yaml_out_flow_seq_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE));
}

void yaml_out_seq_end(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_end_event_initialize(&e));
}
