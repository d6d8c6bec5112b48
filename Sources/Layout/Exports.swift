import Drawing
@_exported import Document
@_exported import Drawing
@_exported import Fonts
