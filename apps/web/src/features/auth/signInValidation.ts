import type { TFunction } from 'i18next';
import { zodResolver } from '../../forms/zodResolver';
import { signInForm } from './schemas';

// Loaded on demand (lazyValidate): the resolver and zod stay out of the sign-in page's first load.
export const signInValidator = (t: TFunction) => zodResolver(signInForm, t);
