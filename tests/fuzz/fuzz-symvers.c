// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: both Module.symvers parsers on arbitrary text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/symvers.h"

static int count_line(const struct symvers_line *l, void *ud)
{
	size_t *n = ud;

	*n += strlen(l->name) + strlen(l->module) + strlen(l->export_type) + strlen(l->ns);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symvers sv = { 0 };
	char *err = NULL, *copy = malloc(size + 1);
	size_t n = 0;
	unsigned bad;

	symvers_parse("fuzz", (const char *)data, size, &sv, &err);
	free(err);
	symvers_release(&sv);
	memcpy(copy, data, size);
	copy[size] = '\0';
	symvers_parse_kernel(copy, count_line, &n, &bad);
	free(copy);
	return 0;
}
