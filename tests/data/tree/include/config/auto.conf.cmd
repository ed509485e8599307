deps_config := \
	/home/builder/linux/Kconfig \
	/home/builder/linux/arch/x86/Kconfig
