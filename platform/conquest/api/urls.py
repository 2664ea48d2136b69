"""API URLs."""

urlpatterns = []
