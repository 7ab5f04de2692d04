public enum HapticRenderPlaceholder {}
