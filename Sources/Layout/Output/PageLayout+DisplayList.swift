import Drawing

extension PageLayout {
    /// The page as drawing primitives in canvas points (`Frame`): what paint walks. `overlays` change named
    /// groups (`GroupID`) for one animation frame; the static page has none.
    public func displayList(overlays: [String: Overlay] = [:]) -> Frame {
        FrameBuilder(self, overlays: overlays).page()
    }
}
