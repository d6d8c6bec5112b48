@_exported import Document
