#include "CHapticSupport.h"

#ifdef __linux__
unsigned long CHapticSupport_EVIOCGBIT(unsigned int ev, unsigned int len) { return EVIOCGBIT(ev, len); }
unsigned long CHapticSupport_EVIOCGNAME(unsigned int len) { return EVIOCGNAME(len); }
#else
// Keep the translation unit non-empty on other platforms.
int CHapticSupport_unused = 0;
#endif
