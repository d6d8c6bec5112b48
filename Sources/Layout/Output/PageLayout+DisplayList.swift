import Drawing

extension PageLayout {
    /// The page as drawing primitives in canvas points (`Frame`): what paint walks. `overlays` change named
    /// groups (`GroupID`) for one animation frame; the static page has none. `tagged`: a tagged PDF's list, its items
    /// nested in groups carrying their structure elements (`StructureTag`); the same pixels.
    public func displayList(overlays: [GroupName: Overlay] = [:], tagged: Bool = false) -> Frame {
        FrameBuilder(self, overlays: overlays, tagged: tagged).page()
    }

    /// The display list with what paint needs to know of the page besides it.
    public func displayPage(overlays: [GroupName: Overlay] = [:], tagged: Bool = false) -> DisplayPage {
        DisplayPage(list: displayList(overlays: overlays, tagged: tagged), canvas: canvas, opaque: isOpaque, truncated: exceedsHeightLimit,
                    altText: AltTextMetadata(text: altText, language: language))
    }
}
