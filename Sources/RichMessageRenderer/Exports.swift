// The front door: a program that renders rich messages imports this module alone and gets the model, the
// layout values, the painter and the media sources with it.
@_exported import Document
@_exported import Layout
@_exported import Raster
@_exported import MediaSources
