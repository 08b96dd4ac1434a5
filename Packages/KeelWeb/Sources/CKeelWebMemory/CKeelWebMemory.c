// The functions are inline, in include/CKeelWebMemory.h; SwiftPM needs a source file.
#include "CKeelWebMemory.h"
