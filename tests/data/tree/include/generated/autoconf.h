/*
 * Automatically generated file; DO NOT EDIT.
 * Linux/x86 6.1.99 Kernel Configuration
 */
#define CONFIG_X86 1
#define CONFIG_X86_64 1
#define CONFIG_64BIT 1
#define CONFIG_MODULES 1
#define CONFIG_MODVERSIONS 1
#define CONFIG_OBJTOOL 1
#define CONFIG_LOCALVERSION "-quick"
