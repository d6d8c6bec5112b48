import Drawing

extension PageLayout {
    /// The page as drawing primitives in canvas points (`Frame`): what paint walks. `overlays` change named
    /// groups (`GroupID`) for one animation frame; the static page has none.
    public func displayList(overlays: [GroupName: Overlay] = [:]) -> Frame {
        FrameBuilder(self, overlays: overlays).page()
    }

    /// The display list with what paint needs to know of the page besides it.
    public func displayPage(overlays: [GroupName: Overlay] = [:]) -> DisplayPage {
        DisplayPage(list: displayList(overlays: overlays), canvas: canvas, opaque: isOpaque, truncated: exceedsHeightLimit,
                    altText: AltTextMetadata(text: altText, language: language))
    }
}
