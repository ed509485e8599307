#define UTS_RELEASE "6.1.99-quick"
