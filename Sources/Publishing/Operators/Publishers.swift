/// A namespace for the publishers that operators such as `map` and `filter` return.
public enum Publishers {}
