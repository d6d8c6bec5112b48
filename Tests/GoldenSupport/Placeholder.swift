public enum GoldenSupportPlaceholder {}
