/// The runtime module; see CHHapticEngine in OpenCoreHaptics for the public surface.
enum HapticEnginePlaceholder {}
