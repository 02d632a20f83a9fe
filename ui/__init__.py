"""The customer-facing faces: the Gradio chat and the embeddable website widget."""
