import Drawing

extension PageLayout {
    /// The page as drawing primitives in canvas points (`Frame`): what paint walks.
    public func displayList() -> Frame {
        FrameBuilder(self).page()
    }
}
