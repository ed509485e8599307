#define SIZE_usb_device_id 32
