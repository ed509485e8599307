// SPDX-License-Identifier: GPL-2.0-or-later
/* A static /init for the cross boot tests: no busybox needed for any
 * architecture.  Loads /mods/<name>.ko for every line of /mods/order with
 * finit_module(2), prints one KBP-INSMOD-OK/FAIL line each, then
 * /proc/modules, then powers off. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

static void cat(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	close(fd);
}

int main(void)
{
	struct utsname u;
	char name[256];
	FILE *order;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	setvbuf(stdout, NULL, _IONBF, 0);
	uname(&u);
	printf("KBP-INIT: %s %s\n", u.release, u.machine);
	order = fopen("/mods/order", "r");
	while (order && fgets(name, sizeof(name), order)) {
		char path[300];
		int fd;

		name[strcspn(name, "\n")] = '\0';
		if (!*name)
			continue;
		snprintf(path, sizeof(path), "/mods/%s.ko", name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && syscall(SYS_finit_module, fd, "", 0) == 0)
			printf("KBP-INSMOD-OK: %s\n", name);
		else
			printf("KBP-INSMOD-FAIL: %s (%s)\n", name, strerror(errno));
		if (fd >= 0)
			close(fd);
		usleep(100000); /* let the module's printk reach the console first */
	}
	printf("KBP-MODULES:\n");
	cat("/proc/modules");
	printf("KBP-DONE\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
