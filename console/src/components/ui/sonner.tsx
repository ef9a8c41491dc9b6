// Toasts for errors and confirmations, on sonner.
import { Toaster as Sonner } from 'sonner';

export const Toaster = () => <Sonner position="top-center" richColors closeButton />;
export { toast } from 'sonner';
