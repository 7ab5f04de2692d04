// Quiets the library's diagnostics in the test process before any test runs (see quiet-logging.c).
#pragma once
