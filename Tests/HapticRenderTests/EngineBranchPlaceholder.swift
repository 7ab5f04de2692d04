// Placeholder so the package builds on the `engine` branch before the renderer's tests land on main.
// Delete this file when Tests/HapticRenderTests has real tests.
