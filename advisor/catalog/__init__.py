"""GPU, model and weight-format catalogs: sourced data files and their loader."""

from advisor.catalog.loader import Catalog, CatalogLookupError, load_catalog

__all__ = ["Catalog", "CatalogLookupError", "load_catalog"]
