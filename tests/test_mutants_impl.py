"""Tests that kill mutants of ``impl`` the rest of the suite let survive (see mutation/)."""
