/* GameControllerWrapper.h declares only; this file gives the C target something to compile. */
#include "GameControllerWrapper.h"
