// The header in include/ is the whole of this target: SwiftPM needs one source file to build a C target.
