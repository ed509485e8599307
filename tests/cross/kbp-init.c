// SPDX-License-Identifier: GPL-2.0-or-later
/* A static /init for the cross boot tests: no busybox needed for any
 * architecture.  Loads /mods/<name>.ko for every line of /mods/order with
 * finit_module(2), notes one KBP-INSMOD-OK/FAIL line each, then quiets the
 * console and prints those lines, the kernel log and /proc/modules, then
 * powers off. The kernel writes console messages straight to the UART, in
 * the middle of a line of ours if it must: the quiet console keeps the
 * lines the tests match whole. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <termios.h>
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
	static char results[16384], klog[1 << 20];
	size_t rlen = 0;
	struct utsname u;
	char name[256];
	FILE *order;
	int n;

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
			n = snprintf(results + rlen, sizeof(results) - rlen, "KBP-INSMOD-OK: %s\n", name);
		else
			n = snprintf(results + rlen, sizeof(results) - rlen, "KBP-INSMOD-FAIL: %s (%s)\n", name,
				     strerror(errno));
		if (n > 0 && (size_t)n < sizeof(results) - rlen)
			rlen += (size_t)n;
		if (fd >= 0)
			close(fd);
		usleep(100000); /* let the module's printk reach the console first */
	}
	sleep(1);
	klogctl(8, NULL, 1); /* SYSLOG_ACTION_CONSOLE_LEVEL: emergencies only */
	printf("\nKBP-INIT: %s %s\n%.*s", u.release, u.machine, (int)rlen, results);
	printf("KBP-DMESG:\n");
	n = klogctl(3, klog, sizeof(klog)); /* SYSLOG_ACTION_READ_ALL */
	if (n > 0)
		fwrite(klog, 1, (size_t)n, stdout);
	printf("KBP-MODULES:\n");
	cat("/proc/modules");
	printf("KBP-DONE\n");
	/* s390's SCLP console writes behind: let it drain before power-off */
	tcdrain(STDOUT_FILENO);
	sleep(1);
	sync();
#if defined(__i386__)
	/* a tiny x86 kernel has no ACPI to power off with: reset instead,
	 * which qemu -no-reboot turns into its exit */
	reboot(RB_AUTOBOOT);
#else
	reboot(RB_POWER_OFF);
#endif
	return 0;
}
