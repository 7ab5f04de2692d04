extension PlotScene {
    /// The scene rasterized with anti-aliasing (``PlotRasterizer``) and encoded as an 8-bit RGB PNG file
    /// (``PNGEncoder``).
    ///
    /// - Throws: ``Zlib/Unavailable`` when zlib cannot be loaded (it ships with every Linux and macOS system).
    package func png() throws(Zlib.Unavailable) -> [UInt8] {
        try PNGEncoder.encode(width: width, height: height, rgb: PlotRasterizer.render(self))
    }

    /// The scene's pixels, 3 bytes (RGB) per pixel, row by row, on a white background.
    package func pixels() -> [UInt8] { PlotRasterizer.render(self) }
}
